import { useId, type ComponentProps } from "react";
import type { FieldError } from "react-hook-form";

type TextFieldProps = ComponentProps<"input"> & { label: string; error?: FieldError | undefined };

/** A labelled input whose validation message is announced and tied to it. */
export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = [input["aria-describedby"], error ? errorId : undefined].filter(Boolean);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        className="focus:border-brand-600 mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
      />
      {error?.message ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
