import { ProfileFormSchema } from "@zaiko/common/members/members.schema";
import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useState } from "react";
import { useSelector } from "react-redux";
import { useNavigate } from "react-router-dom";
import { useTouched, visibleMessages } from "../../components/form/useTouched";
import { UserIcon } from "../../components/icons/InlineIcons";
import { BackToCasesNotice } from "../../components/layout/BackToCasesNotice";
import { Loading } from "../../components/layout/Loading";
import { Page } from "../../components/layout/Page";
import { serverDetail, serverFieldMessages, statusOf } from "../../lib/errors";
import { notifySuccess } from "../../lib/feedback";
import { useAppDispatch } from "../../lib/hooks";
import { selectSession } from "../../lib/session";
import { fieldErrors } from "../../lib/validation";
import { useGetUserQuery, useUpdateProfileMutation } from "./authApi";
import { ProfileField } from "./ProfileField";
import { sessionEmailChanged } from "./sessionSlice";
import { UserFormCard } from "./UserFormCard";

type Field = "email" | "first_name" | "last_name";
const FIELD_ORDER: readonly Field[] = ["email", "first_name", "last_name"];

/** /useredit/{id}: the sign-up screen in edit mode (no password, no role). */
export function MemberEditForm({ id }: { id: number }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const session = useSelector(selectSession);
  const sessionUserId = session.id;
  const userQuery = useGetUserQuery(id, { refetchOnMountOrArgChange: true });
  const [update, { isLoading: saving }] = useUpdateProfileMutation();
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const { touch, isTouched } = useTouched<Field>();

  // Prefill once; a later refetch must not overwrite what the user is typing.
  useEffect(() => {
    const user = userQuery.data;
    if (user && values === null) {
      setValues({ email: user.email, first_name: user.first_name, last_name: user.last_name });
    }
  }, [userQuery.data, values]);

  if (values === null) {
    // Someone else's profile that the server will not show (a staff member opening another member,
    // a deleted member): say so and offer the way back, instead of an empty form (issue 21).
    const status = statusOf(userQuery.error);
    if (userQuery.isError && (status === 404 || status === 403)) {
      return (
        <Page title={ja.signup.editTitle} width="narrow">
          <BackToCasesNotice
            title={ja.feedback.memberUnavailableTitle}
            body={session.is_owner ? ja.feedback.memberMissingBody : ja.feedback.memberUnavailableBody}
            icon={UserIcon}
          />
        </Page>
      );
    }
    if (userQuery.isError) {
      return (
        <UserFormCard
          title={ja.signup.editTitle}
          errors={[serverDetail(userQuery.error) ?? ja.errors.userInfoFailed]}
          submitLabel={ja.signup.submitUpdate}
          submitDisabled
          busy={false}
          onSubmit={() => {}}
        >
          {null}
        </UserFormCard>
      );
    }
    return <Loading label={ja.common.loading} />;
  }

  const errors = fieldErrors<Field>(ProfileFormSchema, values);
  const set = (field: Field) => (value: string) => setValues((v) => (v ? { ...v, [field]: value } : v));
  const profile = { values, set, errors, isTouched, touch };

  const onSubmit = async () => {
    setServerErrors([]);
    try {
      const body = {
        email: values.email.trim(),
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
      };
      const updated = await update({ id, body }).unwrap();
      if (id === sessionUserId) dispatch(sessionEmailChanged(updated.email));
      notifySuccess(ja.feedback.profileUpdated);
      navigate("/workcase");
    } catch (error) {
      const messages = serverFieldMessages(error);
      setServerErrors(messages.length > 0 ? messages : [ja.errors.signupOrEditFailed]);
    }
  };

  return (
    <UserFormCard
      title={ja.signup.editTitle}
      errors={[...visibleMessages(FIELD_ORDER, errors, isTouched), ...serverErrors]}
      submitLabel={ja.signup.submitUpdate}
      submitDisabled={Object.keys(errors).length > 0}
      busy={saving}
      onSubmit={onSubmit}
    >
      <ProfileField name="email" form={profile} />
      <ProfileField name="first_name" form={profile} />
      <ProfileField name="last_name" form={profile} />
    </UserFormCard>
  );
}
