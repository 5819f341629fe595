import { useId, type ReactNode } from "react";

export const controlStyles =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 aria-invalid:border-red-700";

export type FieldProps = {
  label: ReactNode;
  /** The validation message: shown under the control, tied to it and marks it invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Keeps the label for screen readers only (tables of inline fields). */
  hideLabel?: boolean;
  className?: string;
};

export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** Label, control, hint and message wired together; the control comes from `children(props)`. */
export function Field({
  label,
  error,
  hint,
  hideLabel,
  className,
  describedBy,
  children,
}: FieldProps & {
  describedBy?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const ids = [describedBy, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined];
  const described = ids.filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}
      >
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
