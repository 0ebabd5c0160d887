import { useDocumentTitle } from '../hooks/use-document-title';
import { CommunityFavorites } from '../features/analytics/components/community-favorites';
import { FeatureHighlights } from '../features/landing/components/feature-highlights';
import { JoinCommunity } from '../features/landing/components/join-community';
import { LandingFooter } from '../features/landing/components/landing-footer';
import { LandingHeader } from '../features/landing/components/landing-header';
import { LandingHero } from '../features/landing/components/landing-hero';

export default function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <LandingHeader />
      <main className="flex-1">
        <LandingHero />
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <FeatureHighlights />
          <CommunityFavorites />
          <div className="pb-20 sm:pb-24">
            <JoinCommunity />
          </div>
        </div>
      </main>
      <LandingFooter />
    </>
  );
}
