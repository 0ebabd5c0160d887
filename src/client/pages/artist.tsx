import { useParams } from 'wouter';
import { useAuth } from '../features/auth/api/get-user';
import { ArtistView } from '../features/concerts/components/artist-view';

export default function ArtistPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user } = useAuth();
  return <ArtistView key={id} id={id} signedIn={Boolean(user)} />;
}
