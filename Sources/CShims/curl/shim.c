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

// A certificate made for this alone (an EC P-256 key, signed by itself with ECDSA and SHA-256, as
// most servers' and their CAs' are): `openssl ecparam -name prime256v1 -genkey`, then `openssl req
// -new -x509 -subj "/CN=pokedex TLS warm-up" -days 36500 -sha256 -outform DER`. Nothing trusts it.
static const unsigned char warm_certificate[] = {
    0x30, 0x82, 0x01, 0x94, 0x30, 0x82, 0x01, 0x39, 0xa0, 0x03, 0x02, 0x01, 0x02, 0x02, 0x14, 0x05,
    0x44, 0x8f, 0xa0, 0x3a, 0xa3, 0x20, 0xcc, 0xcd, 0x9c, 0xc6, 0x34, 0x77, 0xec, 0x9c, 0x2a, 0x90,
    0x6f, 0xe8, 0x53, 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02, 0x30,
    0x1e, 0x31, 0x1c, 0x30, 0x1a, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x13, 0x70, 0x6f, 0x6b, 0x65,
    0x64, 0x65, 0x78, 0x20, 0x54, 0x4c, 0x53, 0x20, 0x77, 0x61, 0x72, 0x6d, 0x2d, 0x75, 0x70, 0x30,
    0x20, 0x17, 0x0d, 0x32, 0x36, 0x31, 0x31, 0x32, 0x36, 0x31, 0x33, 0x32, 0x39, 0x32, 0x34, 0x5a,
    0x18, 0x0f, 0x32, 0x31, 0x32, 0x36, 0x31, 0x31, 0x30, 0x32, 0x31, 0x33, 0x32, 0x39, 0x32, 0x34,
    0x5a, 0x30, 0x1e, 0x31, 0x1c, 0x30, 0x1a, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x13, 0x70, 0x6f,
    0x6b, 0x65, 0x64, 0x65, 0x78, 0x20, 0x54, 0x4c, 0x53, 0x20, 0x77, 0x61, 0x72, 0x6d, 0x2d, 0x75,
    0x70, 0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08,
    0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04, 0x01, 0xdd, 0x4f, 0x0a,
    0x17, 0xe9, 0x8e, 0x76, 0x6b, 0x28, 0x43, 0xbb, 0xee, 0xf3, 0x6a, 0xae, 0x6a, 0xe9, 0x91, 0x2e,
    0x16, 0xea, 0x49, 0x90, 0x4c, 0xda, 0xc7, 0x33, 0xb9, 0xbd, 0xec, 0x6d, 0x0f, 0xbb, 0x0d, 0xb5,
    0xa5, 0x52, 0xc3, 0xa2, 0x67, 0xba, 0xeb, 0xca, 0xb4, 0x3f, 0xdd, 0x28, 0xff, 0x22, 0x3a, 0xbd,
    0x04, 0x16, 0x89, 0xf3, 0x24, 0x46, 0x78, 0x5f, 0xf6, 0xaf, 0x98, 0x64, 0xa3, 0x53, 0x30, 0x51,
    0x30, 0x1d, 0x06, 0x03, 0x55, 0x1d, 0x0e, 0x04, 0x16, 0x04, 0x14, 0x97, 0x42, 0xcb, 0xa2, 0xd6,
    0xc8, 0x67, 0x69, 0xd4, 0xb4, 0xd4, 0xd4, 0xb8, 0xea, 0x28, 0xab, 0x8c, 0x56, 0xb3, 0x60, 0x30,
    0x1f, 0x06, 0x03, 0x55, 0x1d, 0x23, 0x04, 0x18, 0x30, 0x16, 0x80, 0x14, 0x97, 0x42, 0xcb, 0xa2,
    0xd6, 0xc8, 0x67, 0x69, 0xd4, 0xb4, 0xd4, 0xd4, 0xb8, 0xea, 0x28, 0xab, 0x8c, 0x56, 0xb3, 0x60,
    0x30, 0x0f, 0x06, 0x03, 0x55, 0x1d, 0x13, 0x01, 0x01, 0xff, 0x04, 0x05, 0x30, 0x03, 0x01, 0x01,
    0xff, 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02, 0x03, 0x49, 0x00,
    0x30, 0x46, 0x02, 0x21, 0x00, 0xe5, 0x93, 0x41, 0x74, 0x17, 0xd3, 0x70, 0x31, 0x45, 0xed, 0x97,
    0x70, 0x30, 0xcc, 0x9e, 0x7f, 0x98, 0x5b, 0x41, 0xe0, 0xff, 0xe6, 0x2a, 0x73, 0x05, 0xb9, 0x68,
    0xf7, 0x47, 0xa5, 0x5d, 0x82, 0x02, 0x21, 0x00, 0xb4, 0x10, 0x80, 0x80, 0x3d, 0x81, 0x65, 0x08,
    0x58, 0x01, 0x92, 0x17, 0x87, 0x10, 0x1e, 0x4f, 0xba, 0x07, 0xa0, 0xe6, 0x9c, 0x4e, 0x55, 0xf6,
    0xcb, 0xc3, 0x88, 0xcd, 0x62, 0xe9, 0x87, 0xe3,
};

/// OpenSSL 3's first decoding of a certificate and its key, and its first ECDSA verification,
/// cost 0.4 ms more than the next (its decoders and algorithms are looked up once): paid on a
/// certificate of our own, they are not paid on the server's, between its answer and our
/// Finished.
static void warm_certificates(void) {
  void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (library == NULL) return;
  void *(*decode)(void **, const unsigned char **, long) =
    (void *(*)(void **, const unsigned char **, long))dlsym(library, "d2i_X509");
  void *(*public_key)(const void *) = (void *(*)(const void *))dlsym(library, "X509_get0_pubkey");
  int (*verify)(void *, void *) = (int (*)(void *, void *))dlsym(library, "X509_verify");
  void (*release)(void *) = (void (*)(void *))dlsym(library, "X509_free");
  if (decode != NULL && public_key != NULL && verify != NULL && release != NULL) {
    const unsigned char *bytes = warm_certificate;
    void *certificate = decode(NULL, &bytes, (long)sizeof warm_certificate);
    if (certificate != NULL) {
      void *key = public_key(certificate);
      if (key != NULL) (void)verify(certificate, key);
      release(certificate);
    }
  }
  dlclose(library);
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
  warm_certificates();
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
