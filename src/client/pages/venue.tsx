import { useParams } from 'wouter';
import { VenueView } from '../features/concerts/components/venue-view';

export default function VenuePage() {
  const { id = '' } = useParams<{ id: string }>();
  return <VenueView key={id} id={id} />;
}
