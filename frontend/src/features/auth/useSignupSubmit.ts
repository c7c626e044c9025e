import type { GroupDto } from "@zaiko/common/groups/groups.schema";
import { ja } from "@zaiko/common/messages/ja";
import { useCallback, useRef, useState } from "react";
import { serverDetail, serverFieldMessage, serverFieldMessages } from "../../lib/errors";
import { type SignupBody, useCreateGroupMutation, useSignupMutation } from "./authApi";
import type { Role } from "./RoleFields";

export interface SignupValues {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  role: Role;
  group_name: string;
  group: number | null;
}

/**
 * Sign-up calls: an owner first creates the group (POST /api/groups/) and signs up with its id;
 * staff sign up into the chosen group. Resolves to the messages for the red box (empty on success).
 */
export function useSignupSubmit() {
  const [createGroup] = useCreateGroupMutation();
  const [signup] = useSignupMutation();
  const [busy, setBusy] = useState(false);
  // If the sign-up fails after the group was created (say the email is taken), a retry reuses
  // that group: creating it again would fail because group names are unique.
  const createdGroup = useRef<GroupDto | null>(null);

  const submit = useCallback(
    async (values: SignupValues): Promise<string[]> => {
      setBusy(true);
      try {
        let groupId: number;
        if (values.role === "owner") {
          const name = values.group_name.trim();
          if (createdGroup.current?.name === name) {
            groupId = createdGroup.current.id;
          } else {
            try {
              createdGroup.current = await createGroup({ name }).unwrap();
              groupId = createdGroup.current.id;
            } catch (error) {
              return [serverFieldMessage(error, "name") ?? serverDetail(error) ?? ja.errors.groupSaveFailed];
            }
          }
        } else {
          groupId = values.group ?? 0;
        }
        const owner = values.role === "owner";
        const body: SignupBody = {
          email: values.email.trim(),
          password: values.password,
          groups: groupId,
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          is_member: owner,
          is_owner: owner,
        };
        try {
          await signup(body).unwrap();
          return [];
        } catch (error) {
          const messages = serverFieldMessages(error);
          return messages.length > 0 ? messages : [ja.errors.signupOrEditFailed];
        }
      } finally {
        setBusy(false);
      }
    },
    [createGroup, signup],
  );

  return { submit, busy };
}
