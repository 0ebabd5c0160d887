/** A field's validation message, tied to its input through `id` (aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="text-sm text-destructive empty:hidden">
      {message}
    </p>
  );
}
