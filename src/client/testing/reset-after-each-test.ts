/**
 * Setup of the component tests: after each test the rendered tree is unmounted, the toasts
 * dismissed, and spies and stubbed globals (fetch) put back, so no test sees another's.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '../components/ui/use-toast';

afterEach(() => {
  cleanup();
  dismissToast();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
