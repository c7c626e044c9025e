import "../zodConfig";
import { z } from "zod";
import { NAME_MAX } from "../limits";
import { ja } from "../messages/ja";

/** POST /api/groups/ body. */
export const CreateGroupSchema = z.object({
  name: z
    .string({ error: ja.validation.groupNameRequired })
    .trim()
    .min(1, ja.validation.groupNameRequired)
    .max(NAME_MAX, ja.validation.tooLong(NAME_MAX)),
});
export type CreateGroupInput = z.infer<typeof CreateGroupSchema>;

export interface GroupDto {
  id: number;
  name: string;
}
