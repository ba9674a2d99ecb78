import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  className?: string;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span id={id} className="field__error" role="alert">
      {error}
    </span>
  ) : null;
}

/** A labelled input whose error is tied to it (aria-describedby) and announced when it appears. */
export function TextField({ label, error, className = '', ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id} className="field__label">{label}</label>
      <input {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  className = '',
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id} className="field__label">{label}</label>
      <select {...select} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {children}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
