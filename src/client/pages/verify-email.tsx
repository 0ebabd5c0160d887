import { useParams } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { VerifyEmailForm } from '../features/settings/components/verify-email-form';

/** /verify-email/:token, the link of "Verify your e-mail": open to anyone holding it. */
export default function VerifyEmailPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageHeader title="Verify your e-mail" />
      <VerifyEmailForm token={token} />
    </div>
  );
}
