import { SubmitButton } from '@/components/button';
import { ProgressBar } from '@/components/progress-bar';
import { useT } from '@/i18n/use-t';

/** The foot of the course and lecture forms: the image upload bar while saving, Cancel and Save. */
export function FormActions({ saving, uploadingImage, onCancel }: { saving: boolean; uploadingImage: boolean; onCancel: () => void }) {
  const t = useT();
  return (
    <>
      {saving && uploadingImage && <ProgressBar label={t('admin.imageUploading')} />}
      <div className="modal-actions">
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
