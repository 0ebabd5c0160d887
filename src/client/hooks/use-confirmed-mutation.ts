import { useState } from 'react';

/** What a confirmed mutation needs of TanStack's: sending it, and whether it is on its way. */
interface ConfirmableMutation<TVariables> {
  mutate: (variables: TVariables, options: { onSuccess: () => void }) => void;
  isPending: boolean;
}

/**
 * A mutation that is asked about first: `ask` opens the question, and the returned props
 * drive its ConfirmDialog, which stays open while the answer is on its way and closes once
 * it has succeeded (after a failure it stays, to be tried again or cancelled).
 */
export function useConfirmedMutation<TVariables>(
  mutation: ConfirmableMutation<TVariables>,
  variables: TVariables,
) {
  const [open, setOpen] = useState(false);
  return {
    ask: () => setOpen(true),
    dialog: {
      open,
      onOpenChange: setOpen,
      pending: mutation.isPending,
      onConfirm: () => mutation.mutate(variables, { onSuccess: () => setOpen(false) }),
    },
  };
}
