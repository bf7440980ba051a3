// Buttons and button-looking links. primary: the one main action of a form; secondary: the others;
// danger-outline: a destructive action among others; danger: the confirming step of one; link: quiet.
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'link';

const classFor = (variant: ButtonVariant) =>
  variant === 'link' ? 'link-button' : variant === 'primary' ? 'button' : `button button--${variant}`;

export function Button({
  variant = 'primary',
  type = 'submit',
  children,
  ...rest
}: { variant?: ButtonVariant; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={classFor(variant)} {...rest}>
      {children}
    </button>
  );
}

export function ButtonLink({
  variant = 'secondary',
  children,
  ...rest
}: { variant?: Exclude<ButtonVariant, 'link'>; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={classFor(variant)} {...rest}>
      {children}
    </a>
  );
}
