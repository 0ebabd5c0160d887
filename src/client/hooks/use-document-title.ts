import { useEffect } from 'react';

const APP_NAME = 'Encore';

/** Names the browser tab "<title> · Encore" (or just "Encore") while the caller is mounted. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
