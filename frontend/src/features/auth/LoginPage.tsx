import { type LoginField as Field, loginFormErrors } from "@zaiko/common/auth/loginForm";
import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { type FormEvent, useState } from "react";
import { useSelector } from "react-redux";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { TimesCircleIcon, TimesIcon } from "../../components/icons/InlineIcons";
import { PlainButton } from "../../components/plain/PlainButton";
import { PlainTextField } from "../../components/plain/PlainTextField";
import { selectIsAuthenticated } from "../../lib/session";
import { loginBannerText, SignedUpNotice } from "./loginNotices";
import { useLogin } from "./useLogin";
import { useLoginReturn } from "./useLoginReturn";

/**
 * /login: email and password, checked as the spec says, then the session starts. The first screen of most
 * visits: it uses no zod and no PrimeReact JavaScript (only the theme's classes), so it is usable before
 * the rest of the client has loaded (docs/frontend.md, "First screen").
 */
export function LoginPage() {
  const navigate = useNavigate();
  const { login, pending } = useLogin();
  const { target, notice } = useLoginReturn();
  const signedIn = useSelector(selectIsAuthenticated);
  const [values, setValues] = useState({ email: "", password: "" });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);

  const errors = loginFormErrors(values);
  const visibleError = (field: Field) => (touched[field] || submitted ? errors[field] : undefined);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: Field) => () => setTouched((t) => ({ ...t, [field]: true }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || pending) return;
    setBanner(null);
    const failure = await login(values.email, values.password);
    if (failure) setBanner(failure);
    else navigate(target, { replace: true });
  };

  // A tab that opened /login while the browser is signed in (its session restored meanwhile) goes on.
  if (signedIn && !pending) return <Navigate to={target} replace />;

  return (
    <div className="auth-page">
      <form className="auth-card" onSubmit={onSubmit} noValidate>
        <h1 className="auth-title">{ja.login.title}</h1>
        {!banner && notice && (
          <output className="auth-banner-message p-inline-message p-component p-inline-message-warn">
            <span className="p-inline-message-text">{notice}</span>
          </output>
        )}
        {!banner && !notice && <SignedUpNotice />}
        {banner && (
          <div className="auth-banner">
            <div
              className="auth-banner-message p-inline-message p-component p-inline-message-error"
              role="alert"
              aria-live="polite"
              aria-atomic="true"
            >
              <TimesCircleIcon className="p-inline-message-icon" />
              <span className="p-inline-message-text">{loginBannerText(banner)}</span>
            </div>
            <PlainButton
              icon={<TimesIcon className="p-button-icon p-c" />}
              className="p-button-text p-button-rounded p-button-danger"
              ariaLabel={ja.common.close}
              onClick={() => setBanner(null)}
            />
          </div>
        )}
        <PlainTextField
          label={ja.login.email}
          type="email"
          name="email"
          autoComplete="username"
          value={values.email}
          onChange={set("email")}
          onBlur={touch("email")}
          error={visibleError("email")}
          reserveMessageLine
        />
        <PlainTextField
          label={ja.login.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set("password")}
          onBlur={touch("password")}
          error={visibleError("password")}
          reserveMessageLine
        />
        <PlainButton type="submit" label={ja.login.submit} loading={pending} className="auth-submit" />
        <p className="auth-switch">
          <Link to="/signup">{ja.nav.signup}</Link>
        </p>
      </form>
    </div>
  );
}
