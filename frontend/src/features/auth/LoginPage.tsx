import { LoginFormSchema } from "@zaiko/common/auth/auth.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { Message } from "primereact/message";
import { type FormEvent, useState } from "react";
import { useSelector } from "react-redux";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { TextField } from "../../components/form/TextField";
import { selectIsAuthenticated } from "../../lib/session";
import { fieldErrors } from "../../lib/validation";
import { useLogin } from "./useLogin";
import { useLoginReturn } from "./useLoginReturn";

type Field = "email" | "password";

/** /login: email and password, checked as the spec says, then the session starts. */
export function LoginPage() {
  const navigate = useNavigate();
  const { login, pending } = useLogin();
  const { target, notice } = useLoginReturn();
  const signedIn = useSelector(selectIsAuthenticated);
  const [values, setValues] = useState({ email: "", password: "" });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);

  const errors = fieldErrors<Field>(LoginFormSchema, values);
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
        {notice && !banner && <Message severity="warn" text={notice} className="auth-banner-message" />}
        {banner && (
          <div className="auth-banner">
            <Message severity="error" text={banner} className="auth-banner-message" />
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              severity="danger"
              aria-label={ja.common.close}
              onClick={() => setBanner(null)}
            />
          </div>
        )}
        <TextField
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
        <TextField
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
        <Button
          type="submit"
          label={ja.login.submit}
          icon="pi pi-sign-in"
          loading={pending}
          className="auth-submit"
        />
        <p className="auth-switch">
          <Link to="/signup">{ja.nav.signup}</Link>
        </p>
      </form>
    </div>
  );
}
