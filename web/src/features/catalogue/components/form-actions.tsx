import { ProgressBar } from '@/components/progress-bar';
import { ButtonSpinner } from '@/components/spinner';
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
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? <ButtonSpinner /> : t('admin.save')}
        </button>
      </div>
    </>
  );
}
