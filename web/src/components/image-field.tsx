import { useEffect, useId, useMemo } from 'react';
import { RASTER_IMAGE_TYPES } from '@shared/schemas/catalogue';

/** An image picker with a preview (the new file's, else the saved image's); the form checks type and size (spec 5: under 1 MB). */
export function ImageField({ label, hint, error, file, currentUrl, onChange }: {
  label: string;
  hint?: string;
  error?: string;
  file: File | null | undefined;
  currentUrl?: string;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? currentUrl;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="image-field">
        {shown && <img src={shown} alt="" className="image-preview" width={80} height={48} decoding="async" />}
        <input
          id={id}
          type="file"
          accept={RASTER_IMAGE_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </div>
      {hint && !error && (
        <p className="muted field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert" dir="auto">
          {error}
        </p>
      )}
    </div>
  );
}
