import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { INTERESTS, TRAVEL_STYLES } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import { PROFILE_LIMITS, profileUpdateInputSchema, type Profile } from "#shared/schemas/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

type FormInput = z.input<typeof profileUpdateInputSchema>;
type FormOutput = z.output<typeof profileUpdateInputSchema>;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const TEMPERATURE_OPTIONS = [
  { value: "", label: "As my browser's language (°C, or °F for US English)" },
  { value: "C", label: "°C" },
  { value: "F", label: "°F" },
];

const STYLE_OPTIONS = [
  { value: "", label: "No preference" },
  ...TRAVEL_STYLES.map((style) => ({ value: style, label: capitalize(style) })),
];

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** Full name, bio, travel style, interests and destinations; saving goes to / (SPEC: Profile). */
export function ProfileForm({ profile, userId }: { profile: Profile; userId: string }) {
  const id = useId();
  const update = useUpdateProfile(userId);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileUpdateInputSchema),
    defaultValues: {
      fullName: profile.fullName,
      bio: profile.bio,
      preferredTravelStyle: profile.preferredTravelStyle ?? "",
      interests: profile.interests,
      preferredDestinations: profile.preferredDestinations.join(", "),
      temperatureUnit: profile.temperatureUnit ?? "",
      homeCity: profile.homeCity ?? "",
    },
  });

  const onSubmit = handleSubmit((values) =>
    // The traveller stays on the page; "Saved" says the change is stored.
    update.mutate(values),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <TextField
        label={
          <>
            Full name <span aria-hidden="true">*</span>
          </>
        }
        type="text"
        autoComplete="name"
        required
        maxLength={PROFILE_LIMITS.fullName}
        error={errors.fullName?.message}
        {...register("fullName")}
      />
      <TextareaField
        label="Bio"
        rows={4}
        maxLength={PROFILE_LIMITS.bio}
        hint={`Up to ${PROFILE_LIMITS.bio} characters.`}
        error={errors.bio?.message}
        {...register("bio")}
      />
      <SelectField
        label="Preferred travel style"
        options={STYLE_OPTIONS}
        error={errors.preferredTravelStyle?.message}
        {...register("preferredTravelStyle")}
      />

      <fieldset aria-describedby={errors.interests ? `${id}-interests-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Interests</legend>
        <Controller
          control={control}
          name="interests"
          render={({ field }) => {
            const selected = field.value ?? [];
            return (
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {INTERESTS.map((interest) => (
                  <label key={interest} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="accent-brand-700 h-4 w-4"
                      checked={selected.includes(interest)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...selected, interest]
                            : selected.filter((item) => item !== interest),
                        )
                      }
                      onBlur={field.onBlur}
                    />
                    {interest}
                  </label>
                ))}
              </div>
            );
          }}
        />
        <FieldError id={`${id}-interests-error`} message={errors.interests?.message} />
      </fieldset>

      <TextField
        label="Preferred destinations"
        type="text"
        hint="Separate destinations with commas, for example: Kyoto, Lisbon, Patagonia."
        error={errors.preferredDestinations?.message}
        {...register("preferredDestinations")}
      />

      <TextField
        label="Home city"
        type="text"
        autoComplete="address-level2"
        maxLength={PROFILE_LIMITS.destination + 20}
        hint="Where your trips start and end: the plan form's From."
        error={errors.homeCity?.message}
        {...register("homeCity")}
      />

      <SelectField
        label="Temperature"
        options={TEMPERATURE_OPTIONS}
        error={errors.temperatureUnit?.message}
        {...register("temperatureUnit")}
      />

      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save Profile"}
      </Button>
      <p role="status" className="text-sm text-green-800">
        {update.isSuccess ? "Saved" : ""}
      </p>
      {update.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(update.error, MESSAGES.updateProfileFailed)}
        </p>
      ) : null}
    </form>
  );
}
