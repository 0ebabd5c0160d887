import { Link } from 'wouter';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';

export function JoinCommunity() {
  return (
    <section
      aria-labelledby="join-community-heading"
      className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-from to-brand-to px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <h2
        id="join-community-heading"
        className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
      >
        Ready for your next encore?
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg text-white/90 text-pretty">
        Plan the shows you want to see, remember the ones you did, and help other fans choose their
        next night out.
      </p>
      <Button
        asChild
        size="lg"
        variant="secondary"
        className="mt-8 h-12 bg-white px-8 text-base text-[oklch(0.35_0.18_293)] hover:bg-white/90"
      >
        <Link href={paths.auth}>Join the Community</Link>
      </Button>
    </section>
  );
}
