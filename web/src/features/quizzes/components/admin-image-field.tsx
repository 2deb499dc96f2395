import { useEffect, useId, useMemo } from 'react';
import { RASTER_IMAGE_TYPES } from '@shared/schemas/catalogue';

/** An optional image picker with a preview (the new file's, else the saved image's). */
export function AdminImageField({ label, error, file, currentUrl, onChange }: { label: string; error?: string; file: File | null | undefined; currentUrl?: string; onChange: (file: File | null) => void }) {
  const id = useId();
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? currentUrl;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="image-field">
        {shown && <img src={shown} alt="" className="image-preview" />}
        <input
          id={id}
          type="file"
          accept={RASTER_IMAGE_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert" dir="auto">
          {error}
        </p>
      )}
    </div>
  );
}
