import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ja } from "@zaiko/common/messages/ja";
import { useState } from "react";
import { PlainTextField } from "./PlainTextField";

function Password({ error }: { error?: string }) {
  const [value, setValue] = useState("");
  return (
    <PlainTextField
      label={ja.login.password}
      type="password"
      value={value}
      onChange={setValue}
      error={error}
    />
  );
}

describe("PlainTextField (the login form's fields without PrimeReact's JavaScript)", () => {
  it("hides a password until the eye button is pressed, and hides it again", async () => {
    const user = userEvent.setup();
    render(<Password />);
    // The eye's name must not contain the label, or "パスワード" would find two controls.
    const input = screen.getByLabelText(ja.login.password);
    await user.type(input, "secret99");
    expect(input).toHaveAttribute("type", "password");
    const eye = screen.getByRole("button", { name: ja.login.showPassword });
    expect(eye).toHaveAttribute("aria-pressed", "false");
    await user.click(eye);
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveValue("secret99");
    expect(eye).toHaveAttribute("aria-pressed", "true");
    await user.click(eye);
    expect(input).toHaveAttribute("type", "password");
  });

  it("marks the field invalid and announces its message", () => {
    render(<Password error={ja.validation.passwordMin} />);
    const input = screen.getByLabelText(ja.login.password);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveClass("p-invalid");
    expect(input).toHaveAccessibleDescription(ja.validation.passwordMin);
  });
});
