import { useParams } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { UnsubscribeForm } from '../features/settings/components/unsubscribe-form';

/** /unsubscribe/:token, the link at the foot of a mail: open to anyone holding it. */
export default function UnsubscribePage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageHeader title="Unsubscribe" description="Choose which mail Encore sends you." />
      <UnsubscribeForm token={token} />
    </div>
  );
}
