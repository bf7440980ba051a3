// /developer-tools: facts about this running portal and a preview of its islands.
import { Island } from '../../components/Island';

export function DeveloperToolsPage({ facts }: { facts: [string, string][] }) {
  return (
    <>
      {facts.length > 0 && (
        <section className="card" aria-labelledby="facts">
          <h2 id="facts">This portal</h2>
          <table><tbody>{facts.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody></table>
        </section>
      )}
      <section className="card" aria-labelledby="cropper">
        <h2 id="cropper">Photo cropper preview</h2>
        <p className="hint">The cropper used for profile photos. Nothing chosen here is uploaded.</p>
        <Island name="PhotoCropper" props={{ name: 'photo', label: 'Choose a photo', hint: 'JPEG or PNG, at least 100 KB.' }} />
      </section>
    </>
  );
}
