import { SCHOOL_YEARS } from '@shared/constants';
import { useT } from '@/i18n/use-t';
import { type SelectInputProps, SelectField } from './fields';

/** The sign-up form's school year (spec 2), asked again of a Google sign-up that lacks it: a placeholder, then the three years. */
export function SchoolYearField(props: Omit<SelectInputProps, 'label' | 'children'>) {
  const t = useT();
  return (
    <SelectField label={t('auth.schoolYear')} {...props}>
      <option value="" disabled>
        {t('auth.schoolYearPick')}
      </option>
      {SCHOOL_YEARS.map((y) => (
        <option key={y} value={y}>
          {t(`schoolYear.${y}`)}
        </option>
      ))}
    </SelectField>
  );
}
