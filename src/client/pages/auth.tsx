import { SignInCard } from '../features/auth/components/sign-in-card';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function AuthPage() {
  useDocumentTitle('Sign in');
  return (
    <main className="relative isolate flex flex-1 items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 -z-10 size-[36rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-from/15 blur-3xl"
      />
      <SignInCard />
    </main>
  );
}
