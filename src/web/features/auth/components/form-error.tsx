/** The form's error, in red under the form (the spec), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <p role="alert" className="min-h-5 text-sm font-medium text-red-700">
      {message ?? ""}
    </p>
  );
}
