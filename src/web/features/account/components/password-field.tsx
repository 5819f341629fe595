import { useId, type ComponentProps } from "react";
import type { FieldError } from "react-hook-form";
import { fieldClass } from "./styles.ts";

type Props = ComponentProps<"input"> & { label: string; error?: FieldError | undefined };

/** A labelled password input whose validation message is announced and tied to it. */
export function PasswordField({ label, error, ...input }: Props) {
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
        type="password"
        className={fieldClass}
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
