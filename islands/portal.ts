// The one small script every page gets: behaviours too small for React. Each one enhances markup that
// already works without JavaScript.
const FLASH_LIFETIME_MS = 7000; // spec 1 §9
const EDITING_WARNING = 'You are currently editing! Are you sure you want to leave without saving?';

function csrf(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

function post(url: string, body: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': csrf() },
    body: JSON.stringify(body),
  });
}

/** Flash messages fade out after 7 s unless permanent; the close button removes one at once. */
function flashes(): void {
  document.querySelectorAll<HTMLElement>('[data-flash]').forEach((el) => {
    const close = el.querySelector<HTMLButtonElement>('[data-flash-close]');
    if (close) {
      close.hidden = false;
      close.addEventListener('click', () => el.remove());
    }
    if (!el.hasAttribute('data-permanent')) setTimeout(() => el.classList.add('flash--gone'), FLASH_LIFETIME_MS);
  });
}

/** The side-menu toggle is a form post; with JS it flips at once and the server remembers in the background. */
function sideMenu(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-side-menu-toggle]');
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    const collapsed = document.body.classList.toggle('menu-collapsed');
    form.querySelector('button')?.setAttribute('aria-expanded', String(!collapsed));
    void post(form.action, { collapsed: collapsed ? '1' : '0' });
  });
}

/**
 * Under 1024 px the side menu is a drawer. Without JavaScript the menu link opens it as a :target; with
 * it, the drawer keeps the focus inside, closes on Escape or its close link, and gives the focus back.
 */
function drawer(): void {
  const opener = document.querySelector<HTMLAnchorElement>('[data-drawer-open]');
  const menu = document.getElementById('side-menu');
  if (!opener || !menu) return;
  const links = () => [...menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const close = () => {
    document.body.classList.remove('drawer-open');
    opener.setAttribute('aria-expanded', 'false');
    opener.focus();
  };
  opener.setAttribute('aria-expanded', 'false');
  opener.addEventListener('click', (event) => {
    event.preventDefault();
    document.body.classList.add('drawer-open');
    opener.setAttribute('aria-expanded', 'true');
    links()[0]?.focus();
  });
  menu.querySelector('[data-drawer-close]')?.addEventListener('click', (event) => {
    if (!document.body.classList.contains('drawer-open')) return;
    event.preventDefault();
    close();
  });
  document.addEventListener('keydown', (event) => {
    if (!document.body.classList.contains('drawer-open')) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const all = links();
    const first = all[0];
    const last = all[all.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });
}

/** Forms marked data-warn-unsaved ask before the page is left with edits in them. */
function unsavedWarning(): void {
  let dirty = false;
  document.querySelectorAll<HTMLFormElement>('form[data-warn-unsaved]').forEach((form) => {
    form.addEventListener('input', () => {
      dirty = true;
    });
    form.addEventListener('submit', () => {
      dirty = false;
    });
  });
  window.addEventListener('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a[href]');
    if (link?.hasAttribute('data-dialog')) return; // opens over this page: nothing is left
    if (dirty && link && !link.hasAttribute('data-no-warn') && !window.confirm(EDITING_WARNING)) event.preventDefault();
    else if (link) dirty = false;
  });
}

/**
 * A link marked data-dialog opens the [data-dialog-content] part of its page in a native dialog, titled
 * by that page's heading. The page stays the answer whenever the dialog cannot be: without JavaScript,
 * and when the load fails or redirects (then the link is followed, so its flash is seen).
 */
function linkDialogs(): void {
  let loading = false;
  document.addEventListener('click', async (event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[data-dialog]');
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    if (loading) return;
    loading = true;
    link.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(link.href, {
        credentials: 'same-origin',
        redirect: 'manual',
        headers: { Accept: 'text/html' },
      });
      // Only the page's <main> is parsed (what follows it, such as the icon sprite's inline style, would
      // be refused by the content security policy), inert in a template: nothing of it runs here.
      const html = response.ok ? await response.text() : '';
      const page = document.createElement('template');
      page.innerHTML = html.slice(html.indexOf('<main'), html.indexOf('</main>') + '</main>'.length);
      const content = page.content.querySelector('[data-dialog-content]');
      if (!content) {
        window.location.assign(link.href);
        return;
      }
      const dialog = document.createElement('dialog');
      dialog.className = 'modal';
      dialog.setAttribute('aria-labelledby', 'modal-title');
      dialog.innerHTML =
        '<div class="modal__body"><h2 id="modal-title"></h2><div class="modal__content"></div><form method="dialog" class="actions"><button class="button button--secondary">Close</button></form></div>';
      dialog.querySelector('h2')!.textContent = page.content.querySelector('main h1')?.textContent ?? link.textContent;
      dialog
        .querySelector('.modal__content')!
        .append(...[...content.childNodes].map((node) => document.importNode(node, true)));
      // A click on the backdrop (the dialog itself, outside its body) closes it too.
      dialog.addEventListener('click', (click) => {
        if (click.target === dialog) dialog.close();
      });
      dialog.addEventListener('close', () => {
        dialog.remove();
        link.focus();
      });
      document.body.append(dialog);
      dialog.showModal();
    } catch {
      window.location.assign(link.href);
    } finally {
      loading = false;
      link.removeAttribute('aria-busy');
    }
  });
}

/** Forms or buttons with data-confirm ask first (the server also asks on a page of its own without JS). */
function confirmations(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter;
    const question = submitter?.getAttribute('data-confirm') ?? form.getAttribute('data-confirm');
    if (question && !window.confirm(question)) event.preventDefault();
    else if (question) form.insertAdjacentHTML('beforeend', '<input type="hidden" name="confirmed" value="1">');
  });
}

/** A button with data-copy="{id}" copies that element's text, and says so on itself for a moment. */
function copyButtons(): void {
  document.querySelectorAll<HTMLButtonElement>('button[data-copy]').forEach((button) => {
    button.hidden = false;
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-copy]');
    const text = button && document.getElementById(button.dataset.copy ?? '')?.textContent;
    if (!button || !text) return;
    const label = button.textContent;
    void navigator.clipboard.writeText(text).then(
      () => {
        button.textContent = 'Copied';
        setTimeout(() => {
          button.textContent = label;
        }, 2000);
      },
      () => {
        // Refused (no permission): select the text, so the person can copy it themselves.
        const range = document.createRange();
        range.selectNodeContents(document.getElementById(button.dataset.copy!)!);
        document.getSelection()?.removeAllRanges();
        document.getSelection()?.addRange(range);
      },
    );
  });
}

/**
 * Live word counts: the server counts words the same way (server/text/word-count.ts: runs of non-space
 * characters). With data-word-min / data-word-max the notes #{id}-short / #{id}-long follow the count, and
 * data-short-confirm makes the form ask before saving a text under the minimum (the server asks too).
 */
function wordCounters(): void {
  document.querySelectorAll<HTMLTextAreaElement>('textarea[data-word-count]').forEach((area) => {
    const output = document.getElementById(area.dataset.wordCount!);
    const { wordMin, wordMax, shortConfirm } = area.dataset;
    const update = () => {
      const count = area.value.split(/\s+/).filter(Boolean).length;
      if (output) output.textContent = String(count);
      const short = wordMin !== undefined && count < Number(wordMin);
      const long = wordMax !== undefined && count > Number(wordMax);
      const shortNote = document.getElementById(`${area.id}-short`);
      const longNote = document.getElementById(`${area.id}-long`);
      if (shortNote) shortNote.hidden = !short;
      if (longNote) longNote.hidden = !long;
      if (shortConfirm && area.form) {
        if (short) area.form.setAttribute('data-confirm', shortConfirm);
        else area.form.removeAttribute('data-confirm');
      }
    };
    area.addEventListener('input', update);
    update();
  });
}

/** Text areas with a character limit keep their "N characters left" current (the server renders the first count). */
function characterCounters(): void {
  document.querySelectorAll<HTMLTextAreaElement>('textarea[data-char-count]').forEach((area) => {
    const output = document.getElementById(area.dataset.charCount!);
    if (!output || area.maxLength < 0) return;
    const update = () => {
      output.textContent = String(area.maxLength - area.value.length);
    };
    area.addEventListener('input', update);
    update();
  });
}

/** The password-change button waits until all three fields are filled and the new ones match (the server checks anyway). */
function passwordChange(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-password-change]').forEach((form) => {
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const update = () => {
      const next = value('new_password');
      if (button) button.disabled = !(value('old_password') && next && next === value('new_password_confirmation'));
    };
    form.addEventListener('input', update);
    update();
  });
}

/** A list marked data-last-one-alert says so at once when its last checkbox is unticked (the server refuses it too). */
/**
 * Forms marked data-progress (the payment form): once sent, the submit button says what is happening
 * and takes no second press, and a live region tells screen readers. A payment may take a while (the
 * card processor's own limit); the page answers in the end either way, so nothing needs undoing here.
 */
function progressOnSubmit(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-progress]')) {
    form.addEventListener('submit', (event) => {
      // A button that only works the form out again (the payment form's "Apply coupon") shows no progress.
      const submitter = (event as SubmitEvent).submitter;
      if (submitter?.hasAttribute('data-no-progress')) return;
      const button =
        submitter instanceof HTMLButtonElement
          ? submitter
          : form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
      if (!button) return;
      button.textContent = form.dataset.progress ?? 'Working…';
      button.setAttribute('aria-busy', 'true');
      // Disabled after this turn, so the press that sent the form still counts.
      window.setTimeout(() => {
        button.disabled = true;
      }, 0);
      const status = document.createElement('p');
      status.setAttribute('role', 'status');
      status.className = 'hint';
      status.textContent = `${form.dataset.progress ?? 'Working…'} Please keep this page open.`;
      button.parentElement?.after(status);
    });
  }
}

function lastOneAlerts(): void {
  document.querySelectorAll<HTMLElement>('[data-last-one-alert]').forEach((list) => {
    list.addEventListener('change', (event) => {
      const box = event.target as HTMLInputElement;
      if (box.type === 'checkbox' && !box.checked && !list.querySelector('input[type=checkbox]:checked'))
        window.alert(list.dataset.lastOneAlert!);
    });
  });
}

/**
 * The session loop of spec 1 §4: first check 1 s after load, then every 60 s; on every fifth cycle,
 * if the user was active (flagged 5 s after activity), refresh instead. A failed check signs out.
 */
function sessionLoop(): void {
  if (!document.body.hasAttribute('data-signed-in')) return;
  let cycle = 0;
  let refreshWanted = false;
  let activityTimer: number | undefined;
  const flagActivity = () => {
    if (activityTimer) return;
    activityTimer = window.setTimeout(() => {
      refreshWanted = true;
      activityTimer = undefined;
    }, 5000);
  };
  for (const type of ['mousemove', 'touchstart', 'click', 'scroll', 'keydown'])
    window.addEventListener(type, flagActivity, { passive: true });
  const toLogin = () => {
    window.location.href = '/login';
  };
  const tick = async () => {
    cycle += 1;
    try {
      const refresh = cycle % 5 === 0 && refreshWanted;
      if (refresh) refreshWanted = false;
      const response = refresh
        ? await post('/auth/session/refresh')
        : await fetch('/auth/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (response.ok) return;
      const { message } = await response.json().catch(() => ({}));
      // The server already ended the session: leave after 500 ms. Any other failure: end it here too.
      if (response.status === 401 && ['invalid-credentials', 'missing-authentication', 'permission'].includes(message))
        window.setTimeout(toLogin, 500);
      else await post('/logout').then(toLogin, toLogin);
    } catch {
      /* offline: try again next cycle */
    }
  };
  window.setTimeout(() => {
    void tick();
    window.setInterval(tick, 60_000);
  }, 1000);
}

/**
 * A link of the error summary puts the focus in its field with the field's label (or its group's legend)
 * in view, as GOV.UK's does; without JavaScript the link scrolls to the field.
 */
function errorSummaryLinks(): void {
  document.querySelector('[data-error-summary]')?.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[href^="#"]');
    const field = link && document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!field) return;
    event.preventDefault();
    // A field inside a closed disclosure is shown first, as the browser's own jump to it would.
    const disclosure = field.closest('details');
    if (disclosure && !disclosure.open) disclosure.open = true;
    const choice = field.matches('[type="radio"], [type="checkbox"]');
    const label =
      (choice && field.closest('fieldset')?.querySelector('legend')) ||
      document.querySelector(`label[for="${CSS.escape(field.id)}"]`) ||
      field;
    label.scrollIntoView();
    field.focus({ preventScroll: true });
  });
}

/**
 * "Sign in with a passkey" on /login: shown only where the browser has passkeys. On the click it asks for
 * options, lets the browser use a passkey (WebAuthn's browser side, loaded then) and posts the answer as a
 * plain form; the server answers like any form. Not an island: /login carries no island script.
 */
function passkeySignIn(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-passkey-sign-in]');
  if (!form || typeof window.PublicKeyCredential !== 'function') return;
  const button = form.querySelector<HTMLButtonElement>('[data-passkey-button]');
  const problem = form.querySelector<HTMLElement>('[data-passkey-problem]');
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  if (!button || !problem) return;
  form.hidden = false;
  button.addEventListener('click', async () => {
    if (button.disabled) return;
    button.disabled = true;
    problem.hidden = true;
    try {
      const options = await post(form.dataset.passkeySignIn ?? '');
      if (options.status === 429) throw new Error('throttled');
      if (!options.ok) throw new Error(`options ${options.status}`);
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const answer = await startAuthentication({ optionsJSON: await options.json() });
      field('response')!.value = JSON.stringify(answer);
      field('_csrf')!.value = csrf();
      form.submit();
    } catch (error) {
      button.disabled = false;
      problem.textContent =
        error instanceof Error && error.message === 'throttled'
          ? 'There have been too many attempts. Please try again later.'
          : 'Signing in with a passkey was cancelled or did not work. Try again, or log in with your password.';
      problem.hidden = false;
    }
  });
}

document.documentElement.classList.add('js');
flashes();
errorSummaryLinks();
sideMenu();
drawer();
unsavedWarning();
confirmations();
linkDialogs();
progressOnSubmit();
wordCounters();
copyButtons();
characterCounters();
passwordChange();
lastOneAlerts();
sessionLoop();
passkeySignIn();
