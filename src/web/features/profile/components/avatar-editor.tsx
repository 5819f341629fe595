import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { MESSAGES } from "#shared/messages.ts";
import { avatarFileError, type Profile } from "#shared/schemas/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useDeleteAvatar } from "../api/delete-avatar.ts";
import { useUploadAvatar } from "../api/upload-avatar.ts";

const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

type Selection = { file: File; previewUrl: string };

/** Choose → preview → upload or cancel; or remove the current avatar. */
export function AvatarEditor({ profile, userId }: { profile: Profile; userId: string }) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar(userId);
  const remove = useDeleteAvatar(userId);
  const busy = upload.isPending || remove.isPending;

  // The preview's object URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!selection) return;
    return () => URL.revokeObjectURL(selection.previewUrl);
  }, [selection]);

  const clearSelection = () => {
    setSelection(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(null);
    if (!file) return clearSelection();
    const problem = avatarFileError(file);
    if (problem) {
      setError(problem);
      return clearSelection();
    }
    setSelection({ file, previewUrl: URL.createObjectURL(file) });
  };

  const onUpload = () => {
    if (!selection) return;
    setError(null);
    upload.mutate(selection.file, {
      onSuccess: clearSelection,
      onError: (e) => setError(getErrorMessage(e, MESSAGES.uploadAvatarFailed)),
    });
  };

  const onRemove = () => {
    setError(null);
    remove.mutate(undefined, {
      onError: (e) => setError(getErrorMessage(e, MESSAGES.deleteAvatarFailed)),
    });
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-4 sm:flex-row">
      <img
        src={selection?.previewUrl ?? profile.avatarUrl}
        alt={selection ? "Preview of your new avatar" : "Your avatar"}
        width={128}
        height={128}
        className="h-32 w-32 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
      />
      <div className="flex min-w-0 flex-col gap-3">
        <h2 id={`${inputId}-heading`} className="text-lg font-semibold">
          Avatar
        </h2>
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Choose an image
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPT}
            onChange={onChoose}
            disabled={busy}
            aria-describedby={error ? `${errorId} ${inputId}-hint` : `${inputId}-hint`}
            className="file:bg-brand-50 file:text-brand-800 hover:file:bg-brand-100 mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-medium"
          />
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
            PNG, JPEG, WebP or GIF, under 2 MB.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {selection ? (
            <>
              <Button size="sm" onClick={onUpload} disabled={busy}>
                {upload.isPending ? "Uploading..." : "Upload"}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setError(null);
                  clearSelection();
                }}
                disabled={busy}
              >
                Cancel
              </Button>
            </>
          ) : profile.hasAvatar ? (
            <Button variant="danger" size="sm" onClick={onRemove} disabled={busy}>
              {remove.isPending ? "Removing..." : "Remove avatar"}
            </Button>
          ) : null}
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
