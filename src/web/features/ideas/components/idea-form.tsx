import { useId, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { readIdeaLink } from "#shared/idea-link.ts";
import type { IdeaInput, IdeaPlace } from "#shared/schemas/ideas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { showApiErrors } from "#web/lib/api-field-errors.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import type { LocationFieldProps } from "#web/lib/trip/trip-slots.ts";
import { IdeaLinkNote } from "./idea-link-note.tsx";

// The same schema as the server's route, fetched with the first check (see lazy-resolver.ts).
const ideaResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/ideas.ts")).ideaInputSchema,
);

const FIELDS = ["title", "url", "note", "place"] as const;

const EMPTY: IdeaInput = { title: "", url: undefined, note: "", place: null };

/**
 * "Add an idea": a place from the search (its pin and hours come with it), or a link (a Google Maps
 * or OpenStreetMap address, or any website), whose name and point are read from the address as it
 * is typed, nothing fetched; a note for why.
 */
export function IdeaForm({
  onSubmit,
  renderPlaceField,
}: {
  onSubmit: (input: IdeaInput) => Promise<unknown>;
  renderPlaceField?: (props: LocationFieldProps) => ReactNode;
}) {
  const headingId = useId();
  const form = useForm<IdeaInput, unknown, IdeaInput>({
    resolver: ideaResolver,
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  // A link fills what is still empty: the title, and the place when the address carries a point.
  const onLink = (value: string) => {
    const reading = readIdeaLink(value);
    const title = form.getValues("title");
    const name = title || reading.title || "";
    if (!title && reading.title) form.setValue("title", reading.title);
    if (reading.point && !form.getValues("place") && name)
      form.setValue("place", { name, ...reading.point, osmId: reading.osmId, openingHours: null });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      form.reset(EMPTY);
    } catch (error) {
      showApiErrors(form.setError, error, FIELDS, "Failed to add the idea");
    }
  });

  const place = useWatch({ control: form.control, name: "place" });
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onFocus={ideaResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        Add an idea
      </h3>
      <Controller
        control={form.control}
        name="title"
        render={({ field }) => {
          const props: LocationFieldProps = {
            label: "Idea or place",
            value: field.value ?? "",
            error: errors.title?.message,
            onChange: (value, found) => {
              field.onChange(value);
              const picked: IdeaPlace | null =
                found && typeof found.lat === "number" && typeof found.lng === "number"
                  ? {
                      name: value,
                      lat: found.lat,
                      lng: found.lng,
                      osmId: found.osmId ?? null,
                      openingHours: found.openingHours ?? null,
                    }
                  : null;
              if (picked || form.getValues("place")?.name !== value) form.setValue("place", picked);
            },
          };
          return renderPlaceField ? (
            <>{renderPlaceField(props)}</>
          ) : (
            <TextField
              label={props.label}
              value={props.value}
              error={props.error}
              autoComplete="off"
              onChange={(e) => props.onChange(e.target.value)}
              onBlur={field.onBlur}
            />
          );
        }}
      />
      {place ? (
        <p className="text-sm text-slate-600">
          On the map: {place.name} ({place.lat.toFixed(4)}, {place.lng.toFixed(4)})
        </p>
      ) : null}
      <IdeaLinkNote
        url={form.register("url", {
          setValueAs: (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
          onChange: (e: { target: { value: string } }) => onLink(e.target.value),
        })}
        note={form.register("note")}
        hint="A Google Maps or OpenStreetMap link, or a website"
        errors={errors}
      />
      <Button type="submit" disabled={isSubmitting} className="w-fit">
        {isSubmitting ? "Adding..." : "Add idea"}
      </Button>
    </form>
  );
}
