#include "CCurlShim.h"

#include <CLibraryLoading.h>

#include <dlfcn.h>
#include <pthread.h>

static struct {
  CURLcode (*global_init)(long);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *);
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  const char *(*easy_strerror)(CURLcode);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static PDXLibrary library = {.name = "libcurl"};

static void load(void) {
  static const char *const files[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
  pdx_library_open(&library, files, sizeof files / sizeof files[0], RTLD_NOW | RTLD_LOCAL);
  curl.global_init = pdx_library_symbol(&library, "curl_global_init");
  curl.multi_init = pdx_library_symbol(&library, "curl_multi_init");
  curl.multi_cleanup = pdx_library_symbol(&library, "curl_multi_cleanup");
  curl.multi_setopt = pdx_library_symbol(&library, "curl_multi_setopt");
  curl.multi_add_handle = pdx_library_symbol(&library, "curl_multi_add_handle");
  curl.multi_remove_handle = pdx_library_symbol(&library, "curl_multi_remove_handle");
  curl.multi_perform = pdx_library_symbol(&library, "curl_multi_perform");
  curl.multi_poll = pdx_library_symbol(&library, "curl_multi_poll");
  curl.multi_info_read = pdx_library_symbol(&library, "curl_multi_info_read");
  curl.easy_init = pdx_library_symbol(&library, "curl_easy_init");
  curl.easy_cleanup = pdx_library_symbol(&library, "curl_easy_cleanup");
  curl.easy_setopt = pdx_library_symbol(&library, "curl_easy_setopt");
  curl.easy_getinfo = pdx_library_symbol(&library, "curl_easy_getinfo");
  curl.easy_strerror = pdx_library_symbol(&library, "curl_easy_strerror");
  curl.slist_append = pdx_library_symbol(&library, "curl_slist_append");
  curl.slist_free_all = pdx_library_symbol(&library, "curl_slist_free_all");
  if (library.failure == NULL && curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    pdx_library_fail(&library, "libcurl could not be initialised");
  }
}

const char *pdx_curl_load(void) {
  pthread_once(&once, load);
  return library.failure;
}

CURLM *pdx_multi_init(void) { return curl.multi_init(); }
void pdx_multi_cleanup(CURLM *multi) { curl.multi_cleanup(multi); }
CURLMcode pdx_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl.multi_setopt(multi, option, value);
}
CURLMcode pdx_multi_add(CURLM *multi, CURL *easy) { return curl.multi_add_handle(multi, easy); }
CURLMcode pdx_multi_remove(CURLM *multi, CURL *easy) {
  return curl.multi_remove_handle(multi, easy);
}
CURLMcode pdx_multi_perform(CURLM *multi, int *running) {
  return curl.multi_perform(multi, running);
}

CURLMcode pdx_multi_poll(CURLM *multi, int wake, int timeout_ms) {
  struct curl_waitfd extra = {.fd = wake, .events = CURL_WAIT_POLLIN, .revents = 0};
  return curl.multi_poll(multi, &extra, 1, timeout_ms, NULL);
}

CURL *pdx_multi_next_done(CURLM *multi, CURLcode *result) {
  int left = 0;
  CURLMsg *message;
  while ((message = curl.multi_info_read(multi, &left)) != NULL) {
    if (message->msg == CURLMSG_DONE) {
      *result = message->data.result;
      return message->easy_handle;
    }
  }
  return NULL;
}

CURL *pdx_easy_init(void) { return curl.easy_init(); }
void pdx_easy_cleanup(CURL *easy) { curl.easy_cleanup(easy); }
CURLcode pdx_easy_set_long(CURL *easy, CURLoption option, long value) {
  return curl.easy_setopt(easy, option, value);
}
CURLcode pdx_easy_set_string(CURL *easy, CURLoption option, const char *value) {
  return curl.easy_setopt(easy, option, value);
}
CURLcode pdx_easy_set_pointer(CURL *easy, CURLoption option, void *value) {
  return curl.easy_setopt(easy, option, value);
}
CURLcode pdx_easy_set_list(CURL *easy, CURLoption option, struct curl_slist *value) {
  return curl.easy_setopt(easy, option, value);
}
CURLcode pdx_easy_set_data_function(
  CURL *easy, CURLoption option, curl_write_callback function) {
  return curl.easy_setopt(easy, option, function);
}
CURLcode pdx_easy_set_open_socket_function(CURL *easy, curl_opensocket_callback function) {
  return curl.easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, function);
}
CURLcode pdx_easy_set_close_socket_function(CURL *easy, curl_closesocket_callback function) {
  return curl.easy_setopt(easy, CURLOPT_CLOSESOCKETFUNCTION, function);
}
CURLcode pdx_easy_set_socket_options_function(CURL *easy, curl_sockopt_callback function) {
  return curl.easy_setopt(easy, CURLOPT_SOCKOPTFUNCTION, function);
}

void pdx_warm_tls(void) {
  // libssl as libcurl loaded it; nothing to do for another TLS library.
  void *library = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (library == NULL) return;
  const void *(*client_method)(void) = (const void *(*)(void))dlsym(library, "TLS_client_method");
  void *(*context_new)(const void *) = (void *(*)(const void *))dlsym(library, "SSL_CTX_new");
  void (*context_free)(void *) = (void (*)(void *))dlsym(library, "SSL_CTX_free");
  if (client_method != NULL && context_new != NULL && context_free != NULL) {
    void *context = context_new(client_method());
    if (context != NULL) context_free(context);
  }
  dlclose(library);
}

long pdx_easy_response_code(CURL *easy) {
  long code = 0;
  curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

const char *pdx_easy_info_string(CURL *easy, CURLINFO info) {
  char *value = NULL;
  if (curl.easy_getinfo(easy, info, &value) != CURLE_OK) return NULL;
  return value;
}

const char *pdx_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

struct curl_slist *pdx_slist_append(struct curl_slist *list, const char *text) {
  return curl.slist_append(list, text);
}
void pdx_slist_free(struct curl_slist *list) { curl.slist_free_all(list); }
