import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { INTERESTS, TRAVEL_STYLES } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import { PROFILE_LIMITS, profileUpdateInputSchema, type Profile } from "#shared/schemas/profile.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

type FormInput = z.input<typeof profileUpdateInputSchema>;
type FormOutput = z.output<typeof profileUpdateInputSchema>;

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-600";
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  const navigate = useNavigate();
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
    },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, { onSuccess: () => void navigate("/") }),
  );
  const describe = (name: keyof FormInput, hint?: string) =>
    [errors[name] ? `${id}-${name}-error` : undefined, hint].filter(Boolean).join(" ") || undefined;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <div>
        <label htmlFor={`${id}-fullName`} className="block text-sm font-medium text-slate-800">
          Full name <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-fullName`}
          type="text"
          autoComplete="name"
          required
          maxLength={PROFILE_LIMITS.fullName}
          aria-invalid={Boolean(errors.fullName)}
          aria-describedby={describe("fullName")}
          className={fieldClass}
          {...register("fullName")}
        />
        <FieldError id={`${id}-fullName-error`} message={errors.fullName?.message} />
      </div>

      <div>
        <label htmlFor={`${id}-bio`} className="block text-sm font-medium text-slate-800">
          Bio
        </label>
        <textarea
          id={`${id}-bio`}
          rows={4}
          maxLength={PROFILE_LIMITS.bio}
          aria-invalid={Boolean(errors.bio)}
          aria-describedby={describe("bio", `${id}-bio-hint`)}
          className={fieldClass}
          {...register("bio")}
        />
        <p id={`${id}-bio-hint`} className="mt-1 text-xs text-slate-600">
          Up to {PROFILE_LIMITS.bio} characters.
        </p>
        <FieldError id={`${id}-bio-error`} message={errors.bio?.message} />
      </div>

      <div>
        <label htmlFor={`${id}-style`} className="block text-sm font-medium text-slate-800">
          Preferred travel style
        </label>
        <select
          id={`${id}-style`}
          aria-invalid={Boolean(errors.preferredTravelStyle)}
          aria-describedby={describe("preferredTravelStyle")}
          className={`${fieldClass} bg-white`}
          {...register("preferredTravelStyle")}
        >
          <option value="">No preference</option>
          {TRAVEL_STYLES.map((style) => (
            <option key={style} value={style}>
              {capitalize(style)}
            </option>
          ))}
        </select>
        <FieldError
          id={`${id}-preferredTravelStyle-error`}
          message={errors.preferredTravelStyle?.message}
        />
      </div>

      <fieldset aria-describedby={describe("interests")}>
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

      <div>
        <label htmlFor={`${id}-destinations`} className="block text-sm font-medium text-slate-800">
          Preferred destinations
        </label>
        <input
          id={`${id}-destinations`}
          type="text"
          aria-invalid={Boolean(errors.preferredDestinations)}
          aria-describedby={describe("preferredDestinations", `${id}-destinations-hint`)}
          className={fieldClass}
          {...register("preferredDestinations")}
        />
        <p id={`${id}-destinations-hint`} className="mt-1 text-xs text-slate-600">
          Separate destinations with commas, for example: Kyoto, Lisbon, Patagonia.
        </p>
        <FieldError
          id={`${id}-preferredDestinations-error`}
          message={errors.preferredDestinations?.message}
        />
      </div>

      <button
        type="submit"
        disabled={update.isPending}
        className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-medium text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        {update.isPending ? "Saving..." : "Save Profile"}
      </button>
      {update.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(update.error, MESSAGES.updateProfileFailed)}
        </p>
      ) : null}
    </form>
  );
}
