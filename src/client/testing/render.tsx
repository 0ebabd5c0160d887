import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Fragment, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { vi } from 'vitest';
import { useToast } from '../components/ui/use-toast';

/** A JSON answer, as the fetch stub of a component test sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch whose answer the test sends when it wants. */
export function deferredFetch() {
  let answer!: (response: Response) => void;
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (response: Response) => act(async () => answer(response)) };
}

/** Lists the open toasts (title, then description), so a test can read them. */
function OpenToasts() {
  const { toasts } = useToast();
  return (
    <ul aria-label="Toasts">
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <li key={t.id}>
            <span>{t.title}</span> <span>{t.description}</span>
          </li>
        ))}
    </ul>
  );
}

/** The text of the open toasts, each title followed by its description. */
export const shownToasts = () => screen.getByRole('list', { name: 'Toasts' }).textContent;

/**
 * Renders `ui` with a fresh QueryClient that never retries, inside `providers` when the
 * component needs more context, with the open toasts listed after it.
 */
export function renderWithQueryClient(
  ui: ReactElement,
  { providers: Providers = Fragment }: { providers?: ComponentType<{ children: ReactNode }> } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Providers>
        {children}
        <OpenToasts />
      </Providers>
    </QueryClientProvider>
  );
  return render(ui, { wrapper });
}
