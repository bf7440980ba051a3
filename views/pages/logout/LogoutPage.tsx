// GET /logout: signing out is a POST, so a link to /logout lands on this one-button page.
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';

export function LogoutPage() {
  return (
    <PostForm action="/logout">
      <p>Do you want to log out of the portal?</p>
      <Button>Log out</Button>
    </PostForm>
  );
}
