import { Bell, Download, Lock, Mail, Star, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { paths } from '../config/paths';

const SUPPORT_EMAIL = 'support@encore.local';

const linkClass = 'rounded-sm font-medium text-primary underline underline-offset-4 focus-ring';

/** Help & Support: how Encore works, in the words a new member needs, and who to write to. */
export default function HelpPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title="Help & Support"
        description="How reviews, follows, notifications, privacy and your data work on Encore."
      />

      <HelpTopic icon={Star} title="Reviews">
        <p>
          Open a concert that already happened and choose <strong>Write Review</strong>, or use the
          round button on your phone&apos;s tab bar. Rate the show overall and on performance,
          sound, venue and value, in half stars, and say what it was like in 10 to 2000 characters.
          You can add up to 5 photos or videos of up to 10MB each, with a description for people who
          cannot see them.
        </p>
        <p>
          You write one review per concert. Edit or delete it from its menu on the concert page or
          on{' '}
          <Link href={paths.reviews} className={linkClass}>
            My Reviews
          </Link>
          . Others can like your review and comment on it.
        </p>
      </HelpTopic>

      <HelpTopic icon={Users} title="Following people">
        <p>
          Find people on{' '}
          <Link href={paths.searchUsers} className={linkClass}>
            Find Friends
          </Link>{' '}
          by name or username, or from their reviews, and choose <strong>Follow</strong>. Their
          reviews then appear on the Following tab of your{' '}
          <Link href={paths.timeline} className={linkClass}>
            Timeline
          </Link>
          . Your followers and the people you follow are listed on your profile; unfollow anyone
          there at any time.
        </p>
      </HelpTopic>

      <HelpTopic icon={Bell} title="Notifications">
        <p>
          Encore tells you when someone follows you, likes or comments on your review, or when
          someone you follow posts a review. Several likes of one review, or several new followers,
          come together as one notice. The number next to Notifications in the sidebar counts what
          you have not read yet; opening a notice marks it read, and{' '}
          <strong>Mark all as read</strong> clears them all.
        </p>
        <p>
          Choose which notices you get under Notifications in{' '}
          <Link href={paths.settings} className={linkClass}>
            Settings
          </Link>
          .
        </p>
      </HelpTopic>

      <HelpTopic icon={Lock} title="Privacy">
        <p>
          Turn <strong>Public profile</strong> off in Settings and your account is private: new
          followers send a follow request, which you approve or decline under Follow requests in
          Notifications, and only the people you approve see your reviews, concert history and
          follows. People who already follow you stay; <strong>Remove follower</strong> on your
          followers list takes someone off. <strong>Show concert history</strong> decides whether
          others see the History tab of your profile and how many concerts you have been to; your
          reviews stay public unless your account is private. Your e-mail address is never shown to
          anyone.
        </p>
      </HelpTopic>

      <HelpTopic icon={Download} title="Your data">
        <p>
          <strong>Download my data</strong> in Settings, or in the Danger Zone of Edit Profile,
          gives you a zip file of what your account holds on Encore: your profile and settings, your
          reviews and comments, your wishlist and your follows. Deleting your account removes all of
          it from Encore for good, so download it first if you want a copy.
        </p>
      </HelpTopic>

      <HelpTopic icon={Mail} title="Contact">
        <p>
          Something not working, or a question this page does not answer? Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
            {SUPPORT_EMAIL}
          </a>{' '}
          and tell us what you were doing and what you saw.
        </p>
      </HelpTopic>
    </div>
  );
}

function HelpTopic({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm leading-relaxed text-pretty">
        {children}
      </CardContent>
    </Card>
  );
}
