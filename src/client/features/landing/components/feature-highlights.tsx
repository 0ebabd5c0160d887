import { Compass, Star, UsersRound, type LucideIcon } from 'lucide-react';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const features: readonly Feature[] = [
  {
    icon: Compass,
    title: 'Discover concerts',
    text: "Search upcoming shows by city, date, genre and price, and save the nights you can't miss to your wishlist.",
  },
  {
    icon: Star,
    title: 'Review every aspect',
    text: 'Rate the performance, sound, venue and value, add photos or video, and say what the night was really like.',
  },
  {
    icon: UsersRound,
    title: 'Follow your scene',
    text: "Follow friends and fellow fans, talk about their reviews, and see what's trending on your timeline.",
  },
];

export function FeatureHighlights() {
  return (
    <section aria-labelledby="feature-highlights-heading" className="pb-4 sm:pb-8">
      <h2 id="feature-highlights-heading" className="sr-only">
        What you can do on Encore
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-linear-to-br from-brand-from to-brand-to text-white shadow-sm">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-muted-foreground text-pretty">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
