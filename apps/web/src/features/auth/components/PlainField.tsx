import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeInvisibleIcon } from '../../../components/plain-icons';
import './auth.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

interface Props extends InputProps {
  id: string;
  label: string;
  icon: ReactNode;
  value: string;
  onValue(value: string): void;
  /** The field's error, shown under it (antd's place and colour). */
  error?: string;
  /** A hint under the field (antd's `extra`). */
  hint?: string;
  /** Shown beside the input (the captcha picture). */
  beside?: ReactNode;
  /** A password field with antd's eye button that shows the characters. */
  reveal?: boolean;
}

/**
 * One field of the sign-in form: a labelled input with a prefix icon, as antd's Form.Item and
 * Input draw it, with its error tied to the input for assistive technology.
 */
export const PlainField = ({ id, label, icon, value, onValue, error, hint, beside, reveal, type, ...input }: Props) => {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'auth-field auth-field-invalid' : 'auth-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="auth-field-row">
        <span className="auth-input">
          {icon}
          <input
            {...input}
            id={id}
            type={reveal && shown ? 'text' : type}
            value={value}
            onChange={(e) => onValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          {reveal && (
            <button
              type="button"
              className="auth-reveal"
              aria-label={t('login.showCharacters')}
              aria-pressed={shown}
              disabled={input.disabled}
              onClick={() => setShown((s) => !s)}
            >
              {shown ? <EyeIcon /> : <EyeInvisibleIcon />}
            </button>
          )}
        </span>
        {beside}
      </div>
      {error && (
        <div id={`${id}-error`} className="auth-error" role="alert">
          {error}
        </div>
      )}
      {hint && (
        <div id={`${id}-hint`} className="auth-hint">
          {hint}
        </div>
      )}
    </div>
  );
};
