"""A gRPC server written with Python's grpcio, for the tests: `demo.Echo/Say` answers each
`demo.Msg { string text = 1; }` with the same message, and the reflection service is offered as
the first argument says:

  both     grpcio's own reflection service (grpc.reflection.v1 and v1alpha, as grpcio-reflection
           registers them)
  v1alpha  grpc.reflection.v1alpha only
  silent   a reflection service that takes the stream and never answers

With a certificate and a key file after it, the server speaks TLS. It prints `listening PORT`
once it accepts calls, then serves until it is killed.
"""
import sys
import time
from concurrent import futures

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection
from grpc_reflection.v1alpha import reflection_pb2_grpc

mode = sys.argv[1] if len(sys.argv) > 1 else "both"

# demo/echo.proto, built as a descriptor so that no generated code is needed.
proto = descriptor_pb2.FileDescriptorProto(name="demo/echo.proto", package="demo", syntax="proto3")
message = proto.message_type.add(name="Msg")
message.field.add(name="text", number=1, type=descriptor_pb2.FieldDescriptorProto.TYPE_STRING,
                  label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL, json_name="text")
service = proto.service.add(name="Echo")
service.method.add(name="Say", input_type=".demo.Msg", output_type=".demo.Msg")
descriptor_pool.Default().Add(proto)


def say(request, context):
    # Request and answer are raw bytes: the same message goes back.
    return request


def never_answer(requests, context):
    for _ in requests:
        time.sleep(3600)
    return iter(())


server = grpc.server(futures.ThreadPoolExecutor(max_workers=8))
server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
    "demo.Echo", {"Say": grpc.unary_unary_rpc_method_handler(say)}),))
names = ["demo.Echo", reflection.SERVICE_NAME]
if mode == "both":
    reflection.enable_server_reflection(names, server)
elif mode == "v1alpha":
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(reflection.ReflectionServicer(names), server)
elif mode == "silent":
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
        "grpc.reflection.v1.ServerReflection",
        {"ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(never_answer)}),))

if len(sys.argv) > 3:
    with open(sys.argv[2], "rb") as file:
        certificate = file.read()
    with open(sys.argv[3], "rb") as file:
        key = file.read()
    port = server.add_secure_port("127.0.0.1:0", grpc.ssl_server_credentials([(key, certificate)]))
else:
    port = server.add_insecure_port("127.0.0.1:0")
server.start()
print("listening", port, flush=True)
server.wait_for_termination()
