import { Button, type ButtonProps } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t';

/**
 * A form's main button (the library's Button with `isLoading`): while its call is under way it
 * is disabled and shows the library's spinner with 'Loading'.
 */
export function SubmitButton({ loading, disabled, children, className, ...rest }: { loading: boolean; disabled?: boolean; children: ReactNode } & Omit<ButtonProps, 'isLoading' | 'isDisabled'>) {
  const t = useT();
  return (
    <Button
      type="submit"
      variation="primary"
      className={`button button-primary button-block${className ? ` ${className}` : ''}`}
      isLoading={loading}
      loadingText={t('loading')}
      isDisabled={loading || disabled}
      aria-busy={loading}
      {...rest}
    >
      {children}
    </Button>
  );
}
