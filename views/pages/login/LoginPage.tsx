// /login: e-mail and password (spec 1 §5 Login). Errors appear beside their field.
import { PostForm } from '../../components/CsrfField';
import { FormField } from '../../components/FormField';

export interface LoginPageProps {
  values: { email: string };
  errors: Record<string, string>;
  formError?: 'invalid' | 'throttled';
}

export function LoginPage({ values, errors, formError }: LoginPageProps) {
  return (
    <>
      {formError === 'invalid' && (
        <div className="flash flash--error" role="alert">
          <span>Incorrect email or password. Please try again, or <a href="/password/request">reset your password</a>.</span>
        </div>
      )}
      {formError === 'throttled' && (
        <div className="flash flash--error" role="alert"><span>There have been too many attempts. Please try again later.</span></div>
      )}
      <PostForm action="/login" noValidate>
        <FormField name="email" label="Email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
        <FormField name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} />
        <div className="actions">
          <button type="submit" className="button">Log In</button>
          <a href="/login/help">Need help logging in?</a>
        </div>
      </PostForm>
      <p>New provider? <a href="/signup">Create an account</a></p>
    </>
  );
}
