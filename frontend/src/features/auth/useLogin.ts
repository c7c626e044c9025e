import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { useCallback, useState } from "react";
import { serverDetail } from "../../lib/errors";
import { useAppDispatch } from "../../lib/hooks";
import { connectSocket } from "../../lib/socket";
import { clearAccessToken, setAccessToken } from "../../lib/token";
import { forgetSessionEndNote } from "../../lib/tokenRefresh";
import { authApi, useLoginMutation } from "./authApi";
import { sessionStarted } from "./sessionSlice";

/**
 * Login: POST /api/token/ → store the access token → GET /api/user-info/ → session → socket.
 * `login` resolves to null on success or to the message for the error banner.
 */
export function useLogin() {
  const dispatch = useAppDispatch();
  const [requestToken] = useLoginMutation();
  const [pending, setPending] = useState(false);

  const login = useCallback(
    async (email: string, password: string): Promise<string | null> => {
      setPending(true);
      // A token left by an earlier session must not ride along with the new login.
      clearAccessToken();
      try {
        const { access } = await requestToken({ email: email.trim(), password }).unwrap();
        setAccessToken(access);
        forgetSessionEndNote();
      } catch (error) {
        setPending(false);
        return serverDetail(error) ?? ja.errors.loginFailed;
      }
      try {
        const info = await dispatch(
          authApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true, subscribe: false }),
        ).unwrap();
        // The server never issues a token to an inactive member; checked again so a stale
        // server answer cannot sign one in.
        if (!info.user.is_member) {
          clearAccessToken();
          return ja.validation.notMember;
        }
        dispatch(sessionStarted(info));
        void connectSocket();
        return null;
      } catch (error) {
        clearAccessToken();
        return serverDetail(error) ?? ja.errors.userInfoFailed;
      } finally {
        setPending(false);
      }
    },
    [dispatch, requestToken],
  );

  return { login, pending };
}
