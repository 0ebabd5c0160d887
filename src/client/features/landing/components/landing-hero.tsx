import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';

const slogans = ['Find the show.', 'Relive the night.', 'Tell it like it sounded.'] as const;

const EQUALIZER_BAR_COUNT = 64;

/** Bar heights (percent) for the decorative equalizer: two sine waves, so it looks like sound. */
const equalizerBars = Array.from({ length: EQUALIZER_BAR_COUNT }, (_, index) => {
  const wave = Math.sin(index * 0.55) * 0.5 + Math.sin(index * 0.19 + 1) * 0.5;
  return Math.round(45 + wave * 40);
});

export function LandingHero() {
  return (
    <section aria-labelledby="landing-hero-heading" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 pt-16 pb-32 text-center sm:px-6 sm:pt-24 sm:pb-44 lg:px-8">
        <p className="rounded-full border bg-background/60 px-4 py-1.5 text-sm font-medium text-muted-foreground backdrop-blur">
          For fans who stay for the encore
        </p>
        <h1
          id="landing-hero-heading"
          className="mt-8 text-4xl leading-[1.08] font-extrabold tracking-tight sm:text-6xl lg:text-7xl"
        >
          {slogans.map((slogan, index) => (
            <span
              key={slogan}
              className={
                index === 1
                  ? 'block bg-linear-to-r from-brand-text-from to-brand-text-to bg-clip-text pb-1 text-transparent'
                  : 'block'
              }
            >
              {slogan}
            </span>
          ))}
        </h1>
        <p className="mt-8 max-w-2xl text-lg text-foreground/80 text-pretty sm:text-xl">
          Encore is where live-music fans find concerts near them, keep a wishlist of the nights
          they can&apos;t miss, and rate every set on performance, sound, venue and value.
        </p>
        <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="h-12 px-8 text-base shadow-lg shadow-primary/25">
            <Link href={paths.auth}>
              Get started
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 [mask-image:linear-gradient(to_bottom,black_70%,transparent)]">
        <div className="absolute -top-40 left-1/2 size-[42rem] -translate-x-1/2 rounded-full bg-brand-from/20 blur-3xl dark:bg-brand-from/25" />
        <div className="absolute top-24 -right-32 size-[28rem] rounded-full bg-brand-to/15 blur-3xl dark:bg-brand-to/20" />
      </div>
      <div className="absolute inset-x-0 bottom-0 flex h-24 items-end justify-center gap-1 overflow-hidden opacity-30 [mask-image:linear-gradient(to_right,transparent,black_20%,black_80%,transparent)] sm:h-32 sm:gap-1.5 dark:opacity-40">
        {equalizerBars.map((height, index) => (
          <span
            key={index}
            className="w-1.5 shrink-0 rounded-t-full bg-linear-to-t from-brand-from to-brand-to sm:w-2"
            style={{ height: `${height}%` }}
          />
        ))}
      </div>
    </div>
  );
}
