import { useEffect, useState } from 'react';
import { SearchInput } from '#client/components/ui/search-input';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that reports its text `SEARCH_DEBOUNCE_MS` after typing stops (or at once on
 * Enter), and follows `value` when it changes from outside (Clear Filters, Back).
 */
export function SearchField({
  value,
  onCommit,
  placeholder,
  label,
}: {
  value: string;
  onCommit: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onCommit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);

  return (
    <SearchInput
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={100}
      onValueChange={setText}
      onClear={() => {
        setText('');
        onCommit('');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(text);
      }}
    />
  );
}
