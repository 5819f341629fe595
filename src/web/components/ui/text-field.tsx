import type { ComponentProps } from "react";
import { controlStyles, Field, type FieldProps } from "./field.tsx";

type TextFieldProps = Omit<ComponentProps<"input">, "className"> & FieldProps;

/** A labelled <input> whose validation message is announced and tied to it. */
export function TextField({ label, error, hint, hideLabel, className, ...input }: TextFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
      describedBy={input["aria-describedby"]}
    >
      {(control) => <input className={controlStyles} {...input} {...control} />}
    </Field>
  );
}
