import { SignupOwnerFormSchema, SignupStaffFormSchema } from "@zaiko/common/auth/signupForm.schema";
import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { fieldSetter } from "../../components/form/formBinding";
import { TextField } from "../../components/form/TextField";
import { useTouched, visibleMessages } from "../../components/form/useTouched";
import { serverDetail } from "../../lib/errors";
import { showAlert } from "../../lib/feedback";
import { fieldErrors } from "../../lib/validation";
import { useListGroupsQuery } from "./authApi";
import type { SignedUpState } from "./loginNotices";
import { ProfileField } from "./ProfileField";
import { RoleFields } from "./RoleFields";
import { UserFormCard } from "./UserFormCard";
import { type SignupValues, useSignupSubmit } from "./useSignupSubmit";

type Field = "email" | "password" | "first_name" | "last_name" | "group_name" | "group";
const FIELD_ORDER: readonly Field[] = ["email", "password", "first_name", "last_name", "group_name", "group"];

const EMPTY: SignupValues = {
  email: "",
  password: "",
  first_name: "",
  last_name: "",
  role: "owner",
  group_name: "",
  group: null,
};

function validate(values: SignupValues): Partial<Record<Field, string>> {
  const { role, group_name, group, ...common } = values;
  return role === "owner"
    ? fieldErrors<Field>(SignupOwnerFormSchema, { ...common, group_name })
    : fieldErrors<Field>(SignupStaffFormSchema, { ...common, group: group ?? undefined });
}

/** /signup: a new owner with a new group, or staff joining an existing group. */
export function SignupForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const { touch, isTouched } = useTouched<Field>();
  const { submit, busy } = useSignupSubmit();
  const groupsQuery = useListGroupsQuery(undefined, { skip: values.role !== "staff" });

  useEffect(() => {
    if (groupsQuery.isError) void showAlert(serverDetail(groupsQuery.error) ?? ja.errors.groupFetchFailed);
  }, [groupsQuery.isError, groupsQuery.error]);

  const errors = validate(values);
  const invalid = Object.keys(errors).length > 0;
  const shown = (field: Field) => isTouched(field) && Boolean(errors[field]);
  const set = fieldSetter(setValues);
  const profile = { values, set, errors, isTouched, touch };

  const onSubmit = async () => {
    const messages = await submit(values);
    setServerErrors(messages);
    // /login tells staff that they wait for the owner's activation (loginNotices.tsx).
    if (messages.length === 0)
      navigate("/login", { state: { signedUp: values.role } satisfies SignedUpState });
  };

  return (
    <UserFormCard
      title={ja.signup.title}
      errors={[...visibleMessages(FIELD_ORDER, errors, isTouched), ...serverErrors]}
      submitLabel={ja.signup.submitCreate}
      submitDisabled={invalid}
      busy={busy}
      onSubmit={onSubmit}
    >
      <ProfileField name="email" form={profile} />
      <TextField
        label={ja.signup.password}
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set("password")}
        onBlur={() => touch("password")}
        invalid={shown("password")}
        hint={ja.signupForm.passwordHint}
      />
      <ProfileField name="first_name" form={profile} />
      <ProfileField name="last_name" form={profile} />
      <RoleFields
        role={values.role}
        onRole={(role) => setValues((v) => ({ ...v, role }))}
        groupName={values.group_name}
        onGroupName={set("group_name")}
        group={values.group}
        onGroup={(group) => {
          setValues((v) => ({ ...v, group }));
          // Picking from a list is a finished answer: no need to wait for blur.
          touch("group");
        }}
        groups={groupsQuery.data ?? []}
        groupsLoading={groupsQuery.isFetching}
        invalidGroupName={shown("group_name")}
        invalidGroup={shown("group")}
        onBlurGroupName={() => touch("group_name")}
        onBlurGroup={() => touch("group")}
      />
    </UserFormCard>
  );
}
