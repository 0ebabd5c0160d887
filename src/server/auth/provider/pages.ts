/**
 * The embedded provider's own pages. They are plain server-rendered HTML: they work
 * without JavaScript and load nothing from elsewhere.
 */
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLES = `
:root{color-scheme:light dark;--bg:#f7f6fb;--card:#fff;--fg:#17151f;--muted:#5e5a6e;--border:#dedbe8;--primary:#6d28d9;--primary-fg:#fff;--link:#6d28d9;--danger:#b42318;--danger-bg:#fef3f2}
@media (prefers-color-scheme:dark){:root{--bg:#0f0d15;--card:#1a1724;--fg:#f4f2fa;--muted:#a7a2b8;--border:#2f2a3d;--primary:#7c3aed;--link:#c4b5fd;--danger:#fda29b;--danger-bg:#2a1414}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:400px;background:var(--card);border:1px solid var(--border);border-radius:16px;padding:32px 28px;box-shadow:0 10px 30px rgba(20,10,40,.08)}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:20px;margin-bottom:20px;color:var(--fg);text-decoration:none}
.brand span{display:grid;place-items:center;width:32px;height:32px;border-radius:9px;background:var(--primary);color:var(--primary-fg);font-size:16px}
h1{font-size:22px;margin:0 0 4px}p.lead{margin:0 0 20px;color:var(--muted);font-size:14px}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}label small{font-weight:400;color:var(--muted)}
input{width:100%;height:42px;padding:0 12px;border:1px solid var(--border);border-radius:10px;background:transparent;color:inherit;font:inherit}
input:focus{outline:2px solid var(--primary);outline-offset:1px;border-color:transparent}
input[aria-invalid=true]{border-color:var(--danger)}
.field-error{color:var(--danger);font-size:13px;margin:6px 0 0}
.hint{color:var(--muted);font-size:13px;margin:6px 0 0}
button{width:100%;height:44px;margin-top:22px;border:0;border-radius:10px;background:var(--primary);color:var(--primary-fg);font:inherit;font-weight:600;cursor:pointer}
button:hover{filter:brightness(1.08)}button:focus-visible{outline:2px solid var(--fg);outline-offset:2px}
.alert{background:var(--danger-bg);color:var(--danger);border-radius:10px;padding:10px 12px;font-size:14px;margin:0 0 8px}
.switch{margin:20px 0 0;text-align:center;font-size:14px;color:var(--muted)}a{color:var(--link);font-weight:600}
`;

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Encore</title>
<style>${STYLES}</style>${head}
</head>
<body>
<main>
<a class="brand" href="/"><span aria-hidden="true">♪</span>Encore</a>
${body}
</main>
</body>
</html>`;
}

type FieldErrors = Partial<Record<string, string>>;

function field(options: {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  required?: boolean;
  minLength?: number;
  autofocus?: boolean;
}): string {
  const id = `field-${options.name}`;
  const described = options.error ? `${id}-error` : options.hint ? `${id}-hint` : '';
  return `<label for="${id}">${escapeHtml(options.label)}${options.optional ? ' <small>(optional)</small>' : ''}</label>
<input id="${id}" name="${options.name}" type="${options.type}" autocomplete="${options.autocomplete}"${
    options.value ? ` value="${escapeHtml(options.value)}"` : ''
  }${options.required ? ' required' : ''}${options.minLength ? ` minlength="${options.minLength}"` : ''}${
    options.autofocus ? ' autofocus' : ''
  }${options.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${options.error ? `<p class="field-error" id="${id}-error">${escapeHtml(options.error)}</p>` : ''}${
    !options.error && options.hint
      ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>`
      : ''
  }`;
}

const alert = (message: string | undefined) =>
  message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '';

export function signInPage(options: { uid: string; email?: string; error?: string }): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">Welcome back. Sign in to pick up where the last show left off.</p>
${alert(options.error)}
<form method="post" action="/interaction/${escapeHtml(options.uid)}/login" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: options.email, required: true, autofocus: !options.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true, autofocus: Boolean(options.email) })}
<button type="submit">Sign in</button>
</form>
<p class="switch"><a href="/account/forgot-password">Forgot password?</a></p>
<p class="switch">New to Encore? <a href="/interaction/${escapeHtml(options.uid)}/create-account">Create an account</a></p>`,
  );
}

export interface CreateAccountValues {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export function createAccountPage(options: {
  uid: string;
  values?: CreateAccountValues;
  errors?: FieldErrors;
  error?: string;
}): string {
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  // A refused form opens on its first field in error; the other fields keep what was typed.
  const focused =
    (['firstName', 'lastName', 'email', 'password'] as const).find((name) => errors[name]) ??
    'firstName';
  return layout(
    'Create an account',
    `<h1>Create your account</h1>
<p class="lead">Find shows, keep the ones you went to, and tell people how they really were.</p>
${alert(options.error)}
<form method="post" action="/interaction/${escapeHtml(options.uid)}/create-account" novalidate>
${field({ name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.firstName, error: errors.firstName, required: true, autofocus: focused === 'firstName' })}
${field({ name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.lastName, error: errors.lastName, optional: true, autofocus: focused === 'lastName' })}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, error: errors.email, required: true, autofocus: focused === 'email' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: 'At least 8 characters, not a common password.', required: true, minLength: 8, autofocus: focused === 'password' })}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/interaction/${escapeHtml(options.uid)}">Sign in</a></p>`,
  );
}

export function forgotPasswordPage(options: { email?: string; error?: string } = {}): string {
  return layout(
    'Reset your password',
    `<h1>Reset your password</h1>
<p class="lead">Enter the email of your account and we will send you a link to choose a new password.</p>
${alert(options.error)}
<form method="post" action="/account/forgot-password" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: options.email, required: true, autofocus: true })}
<button type="submit">Send reset link</button>
</form>
<p class="switch"><a href="/api/login">Back to sign in</a></p>`,
  );
}

export function resetLinkSentPage(): string {
  return layout(
    'Check your email',
    `<h1>Check your email</h1>
<p class="lead">If an account exists for that email, a link to reset its password is on its way. The link works once, for 30 minutes.</p>
<p class="switch"><a href="/api/login">Back to sign in</a></p>`,
  );
}

export function resetPasswordPage(options: { token: string; errors?: FieldErrors }): string {
  const errors = options.errors ?? {};
  return layout(
    'Choose a new password',
    `<h1>Choose a new password</h1>
<p class="lead">Every device signed in to your account will be signed out.</p>
${alert(errors.token)}
<form method="post" action="/account/reset-password" novalidate>
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: 'At least 8 characters, not a common password.', required: true, minLength: 8, autofocus: true })}
${field({ name: 'confirmPassword', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', error: errors.confirmPassword, required: true, minLength: 8 })}
<button type="submit">Change password</button>
</form>`,
  );
}

export function passwordChangedPage(): string {
  return layout(
    'Password changed',
    `<h1>Password changed</h1>
<p class="lead">Your password has been changed and every device was signed out.</p>
<p class="switch"><a href="/api/login">Sign in</a></p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>
<p class="switch"><a href="/auth">Back to sign in</a></p>`,
  );
}

/** Signing out needs no confirmation click: the form submits itself (a button stays for no-JS). */
export function signOutPage(form: string, nonce: string): string {
  return layout(
    'Signing out',
    `<h1>Signing out…</h1>
<p class="lead">One moment.</p>
${form}
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script nonce="${nonce}">
var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();
</script>`,
  );
}
