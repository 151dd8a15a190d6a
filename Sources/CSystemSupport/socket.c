#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include "CSystemSupport.h"

static struct sockaddr_in loopback(int port) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}

static int open_socket(void) {
    int descriptor = socket(AF_INET, SOCK_STREAM, 0);
    if (descriptor < 0) {
        return -1;
    }
#if defined(__APPLE__)
    // Darwin has no MSG_NOSIGNAL; setsockopt(2)'s SO_NOSIGPIPE keeps a write to a closed
    // connection from raising SIGPIPE.
    int on = 1;
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    return descriptor;
}

int timeline_loopback_connect(int port, int receive_timeout_seconds) {
    int descriptor = open_socket();
    if (descriptor < 0) {
        return -1;
    }
    struct timeval timeout = {.tv_sec = receive_timeout_seconds, .tv_usec = 0};
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    struct sockaddr_in address = loopback(port);
    while (connect(descriptor, (struct sockaddr *)&address, sizeof address) != 0) {
        if (errno == EINTR) {
            continue;
        }
        int code = errno;
        close(descriptor);
        errno = code;
        return -1;
    }
    return descriptor;
}

int timeline_loopback_listen(int *port) {
    int descriptor = open_socket();
    if (descriptor < 0) {
        return -1;
    }
    struct sockaddr_in address = loopback(0);
    socklen_t length = sizeof address;
    if (bind(descriptor, (struct sockaddr *)&address, sizeof address) != 0 || listen(descriptor, 16) != 0
        || getsockname(descriptor, (struct sockaddr *)&address, &length) != 0) {
        int code = errno;
        close(descriptor);
        errno = code;
        return -1;
    }
    *port = ntohs(address.sin_port);
    return descriptor;
}

int timeline_loopback_free_port(void) {
    int port = 0;
    int descriptor = timeline_loopback_listen(&port);
    if (descriptor < 0) {
        return -1;
    }
    close(descriptor);
    return port;
}

int timeline_socket_send_all(int socket, const void *bytes, size_t length) {
#if defined(__linux__)
    int flags = MSG_NOSIGNAL;
#else
    int flags = 0;
#endif
    size_t sent = 0;
    while (sent < length) {
        ssize_t count = send(socket, (const char *)bytes + sent, length - sent, flags);
        if (count < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        sent += (size_t)count;
    }
    return 0;
}
