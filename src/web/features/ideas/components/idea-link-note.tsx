import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "#web/components/ui/text-field.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";

type Message = { message?: string } | undefined;

/**
 * An idea's link and note, and what the API refused for the whole form, as adding and editing an
 * idea both ask them; how an emptied link is sent is the form's (`url`).
 */
export function IdeaLinkNote({
  url,
  note,
  hint,
  errors,
}: {
  url: UseFormRegisterReturn<"url">;
  note: UseFormRegisterReturn<"note">;
  hint?: string;
  errors: { url?: Message; note?: Message; root?: Message };
}) {
  return (
    <>
      <TextField
        label="Link (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        hint={hint}
        error={errors.url?.message}
        {...url}
      />
      <TextareaField label="Note (optional)" rows={2} error={errors.note?.message} {...note} />
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
    </>
  );
}
