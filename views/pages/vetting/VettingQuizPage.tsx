// /vetting/quiz, "Clinical Vetting" (spec 2 §4, §5): every question with its choices as radio buttons
// (a plain form, no script), "Question required" beside each unanswered one; or, once the profile is
// no longer pre-vetting, "You've already been vetted!" with the last result when there is one.
import { PostForm } from '../../components/PostForm';
import { ResultSummary, type VettingResultView } from './VettingResultPage';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/form/FieldError';

export interface QuizQuestionView {
  field: string;
  text: string;
  choices: string[];
  chosen: string | null;
  error: string | null;
}

export type VettingQuizState =
  | { kind: 'quiz'; questions: QuizQuestionView[]; passMark: number; action: string }
  | { kind: 'vetted'; message: string; result: VettingResultView | null };

export function VettingQuizPage({ state }: { state: VettingQuizState }) {
  if (state.kind === 'vetted') {
    return (
      <div className="vetting">
        <section className="card" aria-labelledby="vetted-heading">
          <h2 id="vetted-heading">{state.message}</h2>
          {state.result ? (
            <ResultSummary result={state.result} />
          ) : (
            <p>
              Your profile does not need the Clinical Vetting quiz. If you think this is a mistake, please{' '}
              <a href="/contact">contact us</a>.
            </p>
          )}
          <p>
            <a href="/">Back to your dashboard</a>
          </p>
        </section>
      </div>
    );
  }
  const total = state.questions.length;
  const unanswered = state.questions.filter((q) => q.error).length;
  return (
    <div className="vetting">
      <section className="card" aria-labelledby="about-heading">
        <h2 id="about-heading">About the quiz</h2>
        <p>
          The Clinical Vetting quiz asks {total} questions about everyday clinical practice: confidentiality and its
          limits, mandated reporting, scope of competence, boundaries, informed consent, telehealth across state lines
          and risk assessment. Providers who pass receive a vetted badge on their profile.
        </p>
        <ul>
          <li>Answer every question; choose the one best answer.</li>
          <li>
            You pass with at least {state.passMark} correct answers out of {total}.
          </li>
          <li>The quiz can be submitted once, so take your time: nothing is sent until you press Submit.</li>
        </ul>
      </section>
      {unanswered > 0 && (
        <p className="notice notice--error" role="alert">
          {unanswered === 1 ? 'One question is' : `${unanswered} questions are`} not answered yet.
        </p>
      )}
      <PostForm action={state.action} className="vetting-quiz" noValidate data-warn-unsaved="">
        <ol className="vetting-quiz__questions">
          {state.questions.map((q, index) => {
            const errorId = `${q.field}-error`;
            return (
              <li key={q.field}>
                <fieldset
                  className={q.error ? 'fieldset field--error' : 'fieldset'}
                  aria-describedby={q.error ? errorId : undefined}
                >
                  <legend>
                    <span className="visually-hidden">Question {index + 1}: </span>
                    {q.text}
                  </legend>
                  <FieldError id={q.field} error={q.error} target={`${q.field}-0`} />
                  {q.choices.map((choice, i) => {
                    const id = `${q.field}-${i}`;
                    return (
                      <div className="field--check vetting-quiz__choice" key={id}>
                        <input
                          type="radio"
                          id={id}
                          name={q.field}
                          value={choice}
                          defaultChecked={q.chosen === choice}
                        />
                        <label htmlFor={id}>{choice}</label>
                      </div>
                    );
                  })}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="actions">
          <Button>Submit</Button>
        </div>
      </PostForm>
    </div>
  );
}
