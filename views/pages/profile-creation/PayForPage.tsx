// /profiles/pay-for/{id}: the payment step after creating a profile without a paid plan. Card payment
// arrives with billing (spec 3); until then the page says so and offers "Do this later" (spec 1 §4).
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';

export interface PayForPageProps {
  providerId: number;
  name: string;
  possessive: string;
}

export function PayForPage({ providerId, name, possessive }: PayForPageProps) {
  return (
    <div className="card">
      <p>Start the membership for {possessive} profile, <strong>{name}</strong>, to list it in the directory.</p>
      <p><strong>Card payment arrives with billing.</strong> It is not available in the portal yet; our support team can start the membership for you: <a href="/contact">contact us</a>.</p>
      <PostForm action={`/profiles/pay-for/${providerId}/later`}>
        <div className="actions"><Button>Do this later</Button></div>
      </PostForm>
    </div>
  );
}
