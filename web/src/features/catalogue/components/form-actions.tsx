import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/button';
import { ProgressBar } from '@/components/progress-bar';
import { useT } from '@/i18n/use-t';

/**
 * The foot of the course and lecture forms (it stays in view while the form scrolls): the image
 * upload bar while saving, an optional status line (the lecture's uploads), Cancel and Save.
 */
export function FormActions({ saving, uploadingImage, onCancel, status }: { saving: boolean; uploadingImage: boolean; onCancel: () => void; status?: ReactNode }) {
  const t = useT();
  return (
    <>
      {saving && uploadingImage && <ProgressBar label={t('admin.imageUploading')} />}
      <div className="modal-actions">
        {status}
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('admin.cancel')}
        </button>
        <SubmitButton loading={saving} className="modal-save">
          {t('admin.save')}
        </SubmitButton>
      </div>
    </>
  );
}
