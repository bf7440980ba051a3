// /vetting/quiz/result (spec 2 §4 "Vetting"): passed or not; when not, a polite notice that the
// vetted badge will not be added (membership and profile are unaffected).

export interface VettingResultView {
  passed: boolean;
  correct: number;
  total: number;
  passMark: number;
  takenOn: string;
}

export function ResultSummary({ result }: { result: VettingResultView }) {
  return result.passed ? (
    <div className="vetting-result vetting-result--passed">
      <p>
        <strong>You passed the Clinical Vetting quiz.</strong> Thank you! The vetted badge will be added to your
        profile.
      </p>
      <p>
        You answered {result.correct} of {result.total} questions correctly on{' '}
        <time dateTime={result.takenOn}>{result.takenOn}</time> (the pass mark is {result.passMark}).
      </p>
    </div>
  ) : (
    <div className="vetting-result vetting-result--failed">
      <p>
        <strong>Thank you for taking the Clinical Vetting quiz.</strong>
      </p>
      <p>
        Unfortunately your answers did not reach the pass mark ({result.passMark} of {result.total}; you answered{' '}
        {result.correct} correctly on <time dateTime={result.takenOn}>{result.takenOn}</time>), so the vetted badge will
        not be added to your profile. Your membership and your profile are not affected in any other way.
      </p>
      <p>
        If you have questions about the quiz, we are happy to help: please <a href="/contact">contact us</a>.
      </p>
    </div>
  );
}

export function VettingResultPage({ result }: { result: VettingResultView }) {
  return (
    <div className="vetting">
      <section className="card" aria-labelledby="result-heading">
        <h2 id="result-heading">{result.passed ? 'Result: passed' : 'Result: not passed'}</h2>
        <ResultSummary result={result} />
        <p>
          <a href="/">Back to your dashboard</a>
        </p>
      </section>
    </div>
  );
}
