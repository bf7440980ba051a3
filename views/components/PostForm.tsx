import { usePage } from '../page-context';

/** Every form posts its CSRF token in this hidden field. */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={usePage().csrfToken} />;
}

/** A form with the CSRF field already inside. */
export function PostForm({
  action,
  children,
  className,
  ...rest
}: React.FormHTMLAttributes<HTMLFormElement> & { action: string }) {
  return (
    <form method="post" action={action} className={className} {...rest}>
      <CsrfField />
      {children}
    </form>
  );
}
