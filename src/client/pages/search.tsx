import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { SEARCH_TYPES, type SearchType } from '#shared/schemas/search';
import { HeadedPage } from '#client/components/layout/page-header';
import { SearchInput } from '#client/components/ui/search-input';
import { useDebouncedValue } from '#client/hooks/use-debounced-value';
import { useAuth } from '../features/auth/api/get-user';
import { SearchResults } from '../features/search/components/search-results';

const RETYPE_AFTER_MS = 250;

const typeOf = (value: string | null): SearchType | undefined =>
  SEARCH_TYPES.find((type) => type === value);

/** /search?q=…&type=…: every group of the one search, or one of them, a page at a time. */
export default function SearchPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const type = typeOf(params.get('type'));
  const addressed = params.get('q') ?? '';
  const [text, setText] = useState(addressed);
  // An address changed from elsewhere (the header's search) becomes what is typed here.
  const [shownAddress, setShownAddress] = useState(addressed);
  if (addressed !== shownAddress) {
    setShownAddress(addressed);
    setText(addressed);
  }
  // What is typed here, once settled, becomes the address (Back returns to it).
  const settled = useDebouncedValue(text.trim(), RETYPE_AFTER_MS);
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled === addressed) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [settled, addressed, setParams]);

  return (
    <HeadedPage title="Search" description="Artists, venues, concerts and people">
      <SearchInput
        className="w-full sm:max-w-md"
        label="Search for"
        placeholder="Search artists, venues, concerts, people"
        value={text}
        onValueChange={setText}
        autoFocus={!addressed}
      />
      <SearchResults text={addressed} type={type} signedIn={Boolean(user)} />
    </HeadedPage>
  );
}
